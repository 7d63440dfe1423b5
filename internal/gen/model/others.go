package model

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/omnigen-dev/omnigen/internal/resolve"
)

// Several schema files that refer to each other by $id, given together
// (generate --schema a.json --schema b.json, or schemas: in omnigen.yaml),
// as ajv -r and go-jsonschema take them: every file is read, so that a
// $ref naming one by its $id (https://example.com/b.json) resolves to it
// without the network.

// loadOthers reads the files of others (a directory stands for its schema
// files at any depth) into set, beside the root at rootPath. Two files with
// the same $id are an error: a reference to it would be ambiguous.
func loadOthers(set *resolve.Set, rootPath string, others []string) error {
	files, err := schemaFiles(others)
	if err != nil {
		return err
	}
	rootAbs, _ := filepath.Abs(rootPath)
	ids := map[string]string{}
	for _, f := range files {
		abs, _ := filepath.Abs(f)
		if abs == rootAbs {
			continue
		}
		s, err := set.LoadFile(f)
		if err != nil {
			return asModelError(err)
		}
		id := ""
		if o := s.Object(); o != nil {
			id = o.Str("$id")
			if id == "" {
				id = o.Str("id")
			}
		}
		if id == "" {
			continue
		}
		if prev, ok := ids[id]; ok {
			return &Error{Pointer: f + "#/$id", Message: fmt.Sprintf("$id %q is also the $id of %s: a reference to it would be ambiguous", id, prev)}
		}
		ids[id] = f
	}
	return nil
}

// schemaFiles lists the files of paths, a directory standing for its
// *.json, *.yaml and *.yml files at any depth (not in hidden directories),
// sorted, so that the order they are given in changes nothing.
func schemaFiles(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			out = append(out, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != p && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if !d.IsDir() && (strings.HasSuffix(path, ".json") || resolve.IsYAML(path)) {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}
