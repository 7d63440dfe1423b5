// A node --test reporter that prints one closing line, "N passed, N failed"
// (and skipped), beside the dot reporter's dots and failure details: make
// test stays short, and says what ran.
export default async function* summary(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of source) {
    // Suites report too; count the tests in them only.
    if (event.data?.details?.type === "suite") continue;
    if (event.type === "test:pass") {
      if (event.data.skip || event.data.todo) skipped++;
      else passed++;
    } else if (event.type === "test:fail") {
      failed++;
    }
  }
  yield `gen/ts: ${passed} passed, ${failed} failed` +
    (skipped > 0 ? `, ${skipped} skipped` : "") +
    "\n";
}
