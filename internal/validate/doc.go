// Package validate checks JSON Lines input against a compiled schema and,
// optionally, against the ordering rules of a Trace file or of a stream: it
// is the engine behind "omnigen validate".
//
// It reads files, directories and standard input line by line with no limit
// on line length (plain or gzip-compressed), rejects what the schema engine
// would not see (invalid UTF-8, duplicate keys, trailing data after a value),
// checks every line in parallel with a LineChecker (the schema engine by
// default), applies the profile's rules in input order, and hands each
// finding — file, line, JSON pointer, message — to a Reporter that prints it
// as text, JSON or GitHub annotations. Every line ends up counted as valid,
// invalid or warned; memory stays bounded by the longest line, not by the
// size of the input.
//
// Decisions about awkward input, each one tested:
//
//   - A UTF-8 byte-order mark at the start of a file (or of standard input)
//     is an error on line 1 (JSON.parse, which the reference reader uses,
//     rejects it); the rest of the line is still validated.
//   - CRLF line endings are accepted: one "\r" before "\n" is stripped.
//   - A blank (empty or whitespace-only) line is a warning that does not
//     fail the run; the line is counted as warned.
//   - An empty file is valid and has 0 lines; a note says so.
//   - Invalid UTF-8, text that is not JSON, data after the JSON value, a
//     duplicate key in any object at any depth (the object is ambiguous) and
//     nesting deeper than 10000 levels (encoding/json's limit) are errors;
//     the pointer names the value being read, or the duplicate (cut to its
//     ancestor 32 levels down when it is deeper). An escaped lone surrogate
//     is valid JSON and accepted, as JSON.parse accepts it.
//   - A last line with no final newline that does not parse is a torn line:
//     under the trace profile a warning (the reference reader ignores it),
//     elsewhere an error.
//   - A gzip stream that is truncated or corrupt is an I/O error reported
//     with the file and the line where reading stopped (exit code 2); the
//     lines before it are validated.
//   - Findings about the end of a file (a request never ended, a stream
//     segment never stopped) come after that file's other findings, and
//     move the line they are about to the invalid (or warned) count.
//   - The profile's rules still see a line the schema rejects (so that one
//     bad line does not cascade) but report nothing more about it.
package validate
