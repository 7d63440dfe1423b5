package cli

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/gen"
)

// The generate cache lets "omnigen generate" and "generate --check" skip
// generating when nothing changed: most runs (make check, go generate in a
// loop, an editor's save hook) find the outputs in sync, and generating the
// canonical schema's packages takes tens of milliseconds.
//
// What generate produces depends only on the omnigen binary, its options
// and the schema. After generating, it records in the user's cache
// directory a manifest under a key made of those (the binary by its Go
// build ID, which changes with its content): the SHA-256 of every file it
// generated. A later run with the same key reads the files the manifest
// names from the output directories; when every one is there with the
// recorded hash, those bytes are what generating would produce, and they
// go through the same comparison as generated files (which also finds
// stale generated files). Any file missing or different, a hand edit
// included, and the run generates as usual. A schema whose references may
// read other files (a $ref to another document, --ref-map, an unknown
// $schema) is never cached, and neither is anything when the build ID
// cannot be read. OMNIGEN_NOCACHE=1 turns the cache off.

// cachedTargets is generateTargets, answered from the cache when it can be.
func cachedTargets(o generateOptions) ([]target, error) {
	key, slot := cacheKey(o)
	if key != "" {
		if targets, notes, ok := readManifest(slot, key); ok {
			for _, n := range notes {
				fmt.Fprintln(os.Stderr, "omnigen: note: "+n)
			}
			return targets, nil
		}
	}
	targets, notes, err := generateTargets(o)
	for _, n := range notes {
		fmt.Fprintln(os.Stderr, "omnigen: note: "+n)
	}
	if err == nil && key != "" {
		writeManifest(slot, key, targets, notes)
	}
	return targets, err
}

// cacheKey is the key of what o generates, and the file of the cache that
// holds it; "" when it is not to be cached.
func cacheKey(o generateOptions) (key, slot string) {
	if os.Getenv("OMNIGEN_NOCACHE") != "" || len(o.refMap) > 0 {
		return "", ""
	}
	id := buildID()
	dir, err := os.UserCacheDir()
	if id == "" || err != nil {
		return "", ""
	}
	var schema []byte
	if path := schemaArg(o.schema); path != "" {
		if schema, err = os.ReadFile(path); err != nil || !selfContained(schema) {
			return "", ""
		}
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", ""
	}
	// Where: the directory and the options (but whether to write and how
	// to report: generate and generate --check share a manifest). The key
	// adds the binary and the schema.
	o.check, o.format = false, ""
	where := sha256.Sum256(fmt.Appendf(nil, "%q %#v", wd, o))
	h := sha256.New()
	h.Write(where[:])
	fmt.Fprintf(h, "%q %d ", id, len(schema))
	h.Write(schema)
	// At most 256 manifests: runs in many directories share them.
	slot = filepath.Join(dir, "omnigen", "generate", hex.EncodeToString(where[:1]))
	return hex.EncodeToString(h.Sum(nil)), slot
}

// buildID is the Go build ID of the running executable, which changes with
// its content; "" when it cannot be read (only ELF executables are read).
func buildID() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := elf.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	s := f.Section(".note.go.buildid")
	if s == nil {
		return ""
	}
	note, err := s.Data()
	// An ELF note: name size, descriptor size, type, "Go\0\0", the ID.
	if err != nil || len(note) < 16 || string(note[12:16]) != "Go\x00\x00" {
		return ""
	}
	n := binary.LittleEndian.Uint32(note[4:8])
	if f.ByteOrder == binary.BigEndian {
		n = binary.BigEndian.Uint32(note[4:8])
	}
	if uint64(len(note)) < 16+uint64(n) {
		return ""
	}
	return string(note[16 : 16+n])
}

// selfContained reports whether the schema document reads no other file:
// every $ref, $dynamicRef and $recursiveRef points into the document, and
// its $schema, if any, is a draft's.
func selfContained(schema []byte) bool {
	var doc any
	if json.Unmarshal(schema, &doc) != nil {
		return false
	}
	stack := []any{doc}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch v := v.(type) {
		case []any:
			stack = append(stack, v...)
		case map[string]any:
			for k, x := range v {
				s, isString := x.(string)
				switch {
				case k == "$ref" || k == "$dynamicRef" || k == "$recursiveRef":
					if isString && !strings.HasPrefix(s, "#") {
						return false
					}
				case k == "$schema":
					if isString && !draftURLs[strings.TrimSuffix(s, "#")] {
						return false
					}
				}
				stack = append(stack, x)
			}
		}
	}
	return true
}

// draftURLs are the $schema values of the drafts, whose meta-schemas are
// built in.
var draftURLs = map[string]bool{
	"http://json-schema.org/draft-04/schema":       true,
	"http://json-schema.org/draft-06/schema":       true,
	"http://json-schema.org/draft-07/schema":       true,
	"https://json-schema.org/draft/2019-09/schema": true,
	"https://json-schema.org/draft/2020-12/schema": true,
}

// A manifest is text: the key; "note TEXT" lines (JSON strings); then per
// target "dir PATH" and a "HASH PATH" line per file (paths as JSON
// strings).

// readManifest returns the targets of slot's manifest for key, their files
// read from the output directories, when every file is there with its
// recorded hash.
func readManifest(slot, key string) ([]target, []string, bool) {
	data, err := os.ReadFile(slot)
	if err != nil {
		return nil, nil, false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	if !sc.Scan() || sc.Text() != key {
		return nil, nil, false
	}
	var targets []target
	var notes []string
	for sc.Scan() {
		kind, rest, _ := strings.Cut(sc.Text(), " ")
		var arg string
		if json.Unmarshal([]byte(rest), &arg) != nil {
			return nil, nil, false
		}
		switch {
		case kind == "note":
			notes = append(notes, arg)
		case kind == "dir":
			targets = append(targets, target{dir: arg})
		case len(targets) > 0:
			t := &targets[len(targets)-1]
			content, err := os.ReadFile(filepath.Join(t.dir, filepath.FromSlash(arg)))
			if err != nil {
				return nil, nil, false
			}
			sum := sha256.Sum256(content)
			if hex.EncodeToString(sum[:]) != kind {
				return nil, nil, false
			}
			t.files = append(t.files, gen.File{Path: arg, Content: content})
		default:
			return nil, nil, false
		}
	}
	return targets, notes, sc.Err() == nil && len(targets) > 0
}

// writeManifest records what key generated in slot, replacing what slot
// held; a cache it cannot write is no error (the next run generates).
func writeManifest(slot, key string, targets []target, notes []string) {
	var b bytes.Buffer
	b.WriteString(key + "\n")
	quoted := func(s string) string {
		q, _ := json.Marshal(s)
		return string(q)
	}
	for _, n := range notes {
		b.WriteString("note " + quoted(n) + "\n")
	}
	for _, t := range targets {
		b.WriteString("dir " + quoted(t.dir) + "\n")
		for _, f := range t.files {
			sum := sha256.Sum256(f.Content)
			b.WriteString(hex.EncodeToString(sum[:]) + " " + quoted(f.Path) + "\n")
		}
	}
	if os.MkdirAll(filepath.Dir(slot), 0o755) != nil {
		return
	}
	// Written beside and renamed, so that a reader sees all or nothing.
	tmp, err := os.CreateTemp(filepath.Dir(slot), ".manifest-*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(b.Bytes())
	if cerr := tmp.Close(); werr != nil || cerr != nil || os.Rename(tmp.Name(), slot) != nil {
		os.Remove(tmp.Name())
	}
}
