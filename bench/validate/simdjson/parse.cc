// parse: the simdjson baseline of the validate benchmark (issue 22). For each
// JSON Lines file given, it loads the whole file into memory
// (simdjson::padded_string::load), then times with std::chrono::steady_clock
// only dom::parser::parse_many over that buffer, one thread, iterating every
// document and checking its error, so that every document is really parsed.
// It prints one line, `bytes=<n> seconds=<s> docs=<d>` (the sums over the
// files), and exits non-zero on any error. `parse --about` prints the
// simdjson version and the implementation chosen for this CPU.
//
//   g++ -O3 -DNDEBUG -std=c++17 -o bench/.bin/simdjson-parse bench/validate/simdjson/parse.cc -lsimdjson
//
// The batch size is max(1 MiB, longest line of all the files + 1), so that
// every document fits in one batch (the corpora have lines of about 1 MB,
// base64 images); should simdjson still report CAPACITY, the batch is
// doubled and the file parsed again, its time taken anew. The parser's
// buffers are allocated, and their pages touched by an untimed parse of the
// first file, before any timing, so the timer sees neither.
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>

namespace {

// longest returns the length of the longest line of buf, its newline not counted.
size_t longest(const simdjson::padded_string &buf) {
  size_t most = 0;
  const char *p = buf.data(), *end = p + buf.size();
  while (p < end) {
    const char *nl = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p)));
    const char *stop = nl ? nl : end;
    most = std::max(most, size_t(stop - p));
    p = stop + 1;
  }
  return most;
}

}  // namespace

// load reads a file into memory, saying why it could not.
bool load(const char *path, simdjson::padded_string &buf) {
  if (auto error = simdjson::padded_string::load(path).get(buf)) {
    std::fprintf(stderr, "%s: %s\n", path, simdjson::error_message(error));
    return false;
  }
  return true;
}

// parse runs parse_many over buf with batch, counting the documents into
// docs, and returns the first error (CAPACITY: a document longer than batch).
simdjson::error_code parse(simdjson::dom::parser &parser, const simdjson::padded_string &buf, size_t batch,
                           size_t &docs, size_t &truncated) {
  docs = truncated = 0;
  simdjson::dom::document_stream stream;
  if (auto error = parser.parse_many(buf, batch).get(stream)) {
    return error;
  }
  for (auto doc : stream) {
    if (auto error = doc.error()) {
      return error;
    }
    docs++;
  }
  truncated = stream.truncated_bytes();
  return simdjson::SUCCESS;
}

int main(int argc, char **argv) {
  if (argc == 2 && std::strcmp(argv[1], "--about") == 0) {
    std::printf("simdjson %s, implementation %s\n", SIMDJSON_STRINGIFY(SIMDJSON_VERSION),
                simdjson::get_active_implementation()->name().c_str());
    return 0;
  }
  if (argc < 2) {
    std::fprintf(stderr, "usage: parse FILE.jsonl... | parse --about\n");
    return 2;
  }
  simdjson::dom::parser parser;
#ifdef SIMDJSON_THREADS_ENABLED
  parser.threaded = false;  // one thread: no look-ahead thread for stage 1
#endif
  size_t batch = size_t(1) << 20;
  for (int i = 1; i < argc; i++) {  // the longest line of all the files
    simdjson::padded_string buf;
    if (!load(argv[i], buf)) {
      return 1;
    }
    batch = std::max(batch, longest(buf) + 1);
  }
  size_t total_bytes = 0, total_docs = 0, docs = 0, truncated = 0;
  double seconds = 0;
  for (int i = 1; i < argc; i++) {
    simdjson::padded_string buf;
    if (!load(argv[i], buf)) {
      return 1;
    }
    simdjson::error_code failed;
    docs = 0;
    for (bool warm = i > 1;;) {
      if (!warm) {  // untimed: allocate the buffers and touch them
        if ((failed = parser.allocate(batch)) || (failed = parse(parser, buf, batch, docs, truncated))) {
          if (failed == simdjson::CAPACITY && batch <= buf.size()) {
            batch *= 2;  // a document longer than the batch
            continue;
          }
          break;
        }
        warm = true;
      }
      auto start = std::chrono::steady_clock::now();
      failed = parse(parser, buf, batch, docs, truncated);
      auto stop = std::chrono::steady_clock::now();
      if (failed == simdjson::CAPACITY && batch <= buf.size()) {
        batch *= 2;  // a document longer than the batch: parse the file again
        warm = false;
        continue;
      }
      seconds += std::chrono::duration<double>(stop - start).count();
      break;
    }
    if (failed) {
      std::fprintf(stderr, "%s: document %zu: %s\n", argv[i], docs + 1, simdjson::error_message(failed));
      return 1;
    }
    if (truncated) {
      std::fprintf(stderr, "%s: the last %zu bytes are not a whole document\n", argv[i], truncated);
      return 1;
    }
    total_docs += docs;
    total_bytes += buf.size();
  }
  std::printf("bytes=%zu seconds=%.9f docs=%zu\n", total_bytes, seconds, total_docs);
  return 0;
}
