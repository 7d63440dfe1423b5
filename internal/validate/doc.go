// Package validate checks JSON Lines input against a compiled schema and,
// optionally, against the ordering rules of a Trace file or of a stream: it
// is the engine behind "omnigen validate".
//
// It reads files, directories and standard input line by line with no limit
// on line length (plain or gzip-compressed), rejects what JSON.parse would
// read otherwise (invalid UTF-8, duplicate keys, trailing data after a value),
// checks every line in parallel with a LineChecker (by default FastChecker,
// the decoder generated from the canonical schema, package fastpath; for
// another schema, its check program), applies the profile's rules in input order, and hands each
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
//     duplicate key in any object at any depth (the object is ambiguous),
//     nesting deeper than 1000 levels and a number JavaScript reads as
//     Infinity are errors, whatever the schema: the generated Go and
//     TypeScript decoders reject them too (see gen/go/omnimessage). The
//     pointer names the value being read, or the duplicate (cut to its
//     ancestor 32 levels down when it is deeper). An escaped lone surrogate
//     is valid JSON and accepted, as JSON.parse accepts it; two keys that
//     differ only in their lone surrogates are two keys, as for JSON.parse.
//   - A long line whose start already makes it invalid (a gigabyte of zero
//     bytes) gets the finding the whole line would get, from the bytes read
//     so far; the rest of it is read, counted and dropped, not held.
//   - Lines are checked in batches of at most maxBatchLines, and a line in
//     flight counts against the memory budget besides its bytes, so that
//     millions of short lines (or findings) cost no more than a few.
//   - Below a directory argument, an entry that cannot be read (a directory
//     that cannot be listed, a symbolic link that loops, a named pipe) is an
//     I/O error of its own, and the other files are still checked (see
//     Inputs).
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
