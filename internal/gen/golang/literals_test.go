package golang

import (
	"bytes"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
)

// constValue is the value of the Go constant expression code renders.
func constValue(t *testing.T, code jen.Code) string {
	t.Helper()
	src := fmt.Sprintf("%#v", code)
	tv, err := types.Eval(token.NewFileSet(), nil, token.NoPos, src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return constant.StringVal(tv.Value)
}

// A long literal is cut into lines of at most litWidth characters that
// make the same string; a short one stays one literal.
func TestRawLitLines(t *testing.T) {
	for _, s := range []string{
		"",
		"short",
		strings.Repeat(`"tag_name", `, 20),
		`^[\x00-\x08\x0e-\x1f!-\x9f\xa1-\x{167f}\x{1681}-\x{1fff}\x{200b}-\x{2027}\x{202a}-\x{202e}\x{2030}-\x{205e}]+$`,
		strings.Repeat(`\\`, 90),
		strings.Repeat("é`\x01", 70),
		strings.Repeat("\xff", 100),
		strings.Repeat("x", 500),
	} {
		code := rawLit(s)
		if got := constValue(t, code); got != s {
			t.Errorf("%q: renders %q", s, got)
		}
		src := fmt.Sprintf("%#v", code)
		lines := strings.Split(src, "\n")
		if len(s) <= litWidth && len(lines) > 1 {
			t.Errorf("%q: cut though short:\n%s", s, src)
		}
		for _, l := range lines {
			if n := len(strings.TrimSuffix(strings.TrimSpace(l), " +")) - 2; n > litWidth {
				t.Errorf("%q: a line of %d characters: %s", s, n, l)
			}
		}
	}
	// Parts start lines of their own once the whole is long.
	src := fmt.Sprintf("%#v", rawLits(" does not match the pattern ", strings.Repeat("a", 70)))
	if !strings.HasPrefix(src, "` does not match the pattern ` +\n") {
		t.Errorf("the pattern does not start its own line:\n%s", src)
	}
}

// A byte table is rows of tableRow \x escapes that make the same bytes.
func TestByteTable(t *testing.T) {
	for _, n := range []int{0, 1, tableRow, tableRow + 1, 256} {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i * 37)
		}
		code := byteTable(b)
		if got := constValue(t, code); !bytes.Equal([]byte(got), b) {
			t.Errorf("%d bytes: renders %q", n, got)
		}
		for _, row := range strings.Split(fmt.Sprintf("%#v", code), "\n") {
			row = strings.TrimSuffix(strings.TrimSpace(row), " +")
			if _, err := strconv.Unquote(row); err != nil || len(row) > 2+4*tableRow {
				t.Errorf("%d bytes: row %s", n, row)
			}
		}
	}
}
