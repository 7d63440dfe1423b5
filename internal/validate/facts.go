package validate

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"

	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
)

// The envelope and payload fields the profiles read. The Trace rules are
// about named payloads of the protocol (session_meta, request_begin, …);
// which partial folds into which complete message comes from the schema.
const (
	fieldKind    = "type"    // envelope: which family of payload
	fieldPayload = "payload" // envelope: the payload
	fieldOrigin  = "origin"  // envelope: the Subagent chain
	fieldType    = "type"    // payload: its discriminator
	fieldCallID  = "tool_call_id"
)

// digest stands for a value that has to be compared but not kept: its length
// (bytes of a string, items of an array) and a 64-bit hash of its content,
// keyed by a seed chosen at random for each process, so that no input can be
// made to collide on purpose.
type digest struct {
	n   int
	sum uint64
}

// digestSeed keys every content hash of a process: the hash of a complete
// message (taken by a worker) and that of the pieces it is compared with
// (taken in order by the rules) must use the same one.
var digestSeed = maphash.MakeSeed()

func newHash() *maphash.Hash {
	var h maphash.Hash
	h.SetSeed(digestSeed)
	return &h
}

// content is one content field of a streamed partial or of a complete
// message that partials fold into.
type content struct {
	present bool
	piece   []byte // append field of a partial: the text, canonically spelled (facts_scan.go)
	n       int    // append field of a partial: the length of its decoded text
	d       digest // append field of a complete message: the decoded text's length, the hash of its canonical spelling; override field: the value
	isStr   bool   // override field: a string, whose value is str
	str     string
	empty   bool // override field: "" or []
}

// facts is what the profile rules need from one line, read by the worker
// that checked it so that the rules (which run in input order, on one
// goroutine) do not parse again.
type facts struct {
	object    bool   // the line is a JSON object
	kind      string // envelope type
	hasOrigin bool
	origin    string       // the origin chain, ids joined by NUL; "" for none
	originLen int          // number of items of origin (-1 when not an array)
	ptype     string       // payload type
	partial   *aggregate   // the aggregate ptype is the partial of, if any
	complete  []*aggregate // the aggregates ptype is the complete message of
	callID    string       // payload tool_call_id
	phase     string       // a partial's phase
	key       string       // a partial's or complete message's segment key value
	fields    []content
	// inline holds fields when there are few of them (no allocation; the
	// canonical schema has at most 2).
	inline [2]content
}

// extractor reads facts from well-formed lines. One extractor belongs to one
// worker.
type extractor struct {
	table   *aggregates
	scratch []byte
	canon   []byte // a text spelled out canonically
	h       *maphash.Hash
	content bool // read content fields (the stream rules need them)
	spans   []span
	keys    []byte // the payload's keys, one after the other
	keyBuf  []byte // an escaped key, decoded
	// strs interns the short strings lines repeat (types, phases, ids),
	// so that reading them costs no allocation.
	strs map[string]string
	// origin is a buffer for the origin chain of a line.
	origin []byte
	// arena, when not nil, is where decoded pieces are copied: the
	// batch's, which lives until the rules have seen the line.
	arena *[]byte
	// noCallID is canonicalNoCallID, for payloadTail (set on first use).
	noCallID map[string]bool
	// cache holds the strings interned last (see slot).
	cache [128]internSlot
}

// maxInterned bounds an extractor's interned strings: past it they are
// forgotten and interning starts again.
const (
	maxInterned    = 4096
	maxInternedLen = 64
)

// intern returns b as a string, the same string for the same bytes.
func (x *extractor) intern(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > maxInternedLen {
		return string(b)
	}
	return x.slot(b).s
}

// internSlot is an entry of an extractor's cache of interned strings, with
// what the aggregates say of the string as a payload type.
type internSlot struct {
	s        string
	partial  *aggregate   // table.byPartial[s]
	complete []*aggregate // table.byComplete[s]
}

// slot returns the cache entry of b (0 < len(b) <= maxInternedLen). The
// cache is indexed by a cheap hash of b's length and three of its bytes;
// a miss goes to the map of interned strings.
func (x *extractor) slot(b []byte) *internSlot {
	h := (uint(len(b))*131 + uint(b[0])*31 + uint(b[len(b)/2])*7 + uint(b[len(b)-1])) % uint(len(x.cache))
	sl := &x.cache[h]
	if sl.s == string(b) && sl.s != "" {
		return sl
	}
	str, ok := x.strs[string(b)]
	if !ok {
		if x.strs == nil || len(x.strs) >= maxInterned {
			x.strs = make(map[string]string, 64)
		}
		str = string(b)
		x.strs[str] = str
	}
	*sl = internSlot{s: str, partial: x.table.byPartial[str], complete: x.table.byComplete[str]}
	return sl
}

// span is a member of the payload: its key (keys[k0:k1]) and its value
// (line[start:end]); for a string value read by payloadMembers, its number of
// escapes and whether one is a \u or \/ (see scanString).
type span struct {
	k0, k1     int
	start, end int
	esc        int
	odd        bool
}

// keep returns a copy of b that lasts until the rules have seen the line.
func (x *extractor) keep(b []byte) []byte {
	if x.arena == nil {
		return append([]byte(nil), b...)
	}
	a := append(*x.arena, b...)
	*x.arena = a
	return a[len(a)-len(b) : len(a) : len(a)]
}

func newExtractor(t *aggregates, content bool) *extractor {
	return &extractor{table: t, h: newHash(), content: content}
}

// extract reads the facts of line; accepted says that the canonical fast
// checker accepted it, which lets the Trace facts skip what they do not need.
func (x *extractor) extract(line []byte, f *facts, accepted bool) {
	defer func() {
		if cap(x.scratch) > maxScratch {
			x.scratch = nil
		}
		if cap(x.canon) > maxScratch {
			x.canon = nil
		}
	}()
	i := jsonrt.SkipWS(line, 0)
	if line[i] != '{' {
		return
	}
	f.object = true
	payload := false
	jsonrt.Members(line, i, func(key []byte, s int) int {
		switch string(key) {
		case fieldKind:
			e := jsonrt.SkipValue(line, s)
			if b, ok := x.text(line, s, e); ok {
				f.kind = x.intern(b)
			}
			return e
		case fieldOrigin:
			e := jsonrt.SkipValue(line, s)
			f.hasOrigin = true
			f.originLen = -1
			if line[s] == '[' {
				// The ids that are strings, joined by NUL.
				chain, ids := x.origin[:0], 0
				f.originLen = 0
				for j := jsonrt.SkipWS(line, s+1); j < e && line[j] != ']'; {
					end := jsonrt.SkipValue(line, j)
					if b, ok := x.text(line, j, end); ok {
						if ids++; ids > 1 {
							chain = append(chain, 0)
						}
						chain = append(chain, b...)
					}
					f.originLen++
					j = jsonrt.SkipWS(line, end)
					if line[j] == ',' {
						j = jsonrt.SkipWS(line, j+1)
					}
				}
				f.origin, x.origin = x.intern(chain), chain
			}
			return e
		case fieldPayload:
			if line[s] != '{' {
				return -1
			}
			payload = true
			if accepted && !x.content {
				if e := x.payloadTail(line, s); e >= 0 {
					return e
				}
			}
			return x.payloadMembers(line, s)
		}
		return -1
	})
	if !payload {
		return
	}
	if b, ok := x.member(line, fieldType); ok && len(b) > 0 && len(b) <= maxInternedLen {
		sl := x.slot(b)
		f.ptype, f.partial, f.complete = sl.s, sl.partial, sl.complete
	} else {
		f.ptype = string(b)
		f.partial, f.complete = x.table.byPartial[f.ptype], x.table.byComplete[f.ptype]
	}
	f.callID = x.str(line, fieldCallID)
	a := f.partial
	partial := a != nil
	if partial {
		f.phase = x.str(line, a.phase)
	} else if len(f.complete) > 0 {
		a = f.complete[0]
	}
	if a == nil || !x.content {
		return
	}
	if a.key != "" {
		f.key = x.str(line, a.key)
	}
	if n := len(a.appends) + len(a.overrides); n <= len(f.inline) {
		f.fields = f.inline[:0:n]
	} else {
		f.fields = make([]content, 0, n)
	}
	for _, name := range a.appends {
		var c content
		if sp, ok := x.span(name); ok && sp.end-sp.start >= 2 && line[sp.start] == '"' {
			c.present = true
			// The line stays in its batch until the rules have seen it:
			// only a text spelled out again (in canon) is copied.
			text, n := line[sp.start+1:sp.end-1], sp.end-sp.start-2-sp.esc
			if sp.odd {
				x.canon, n = canonicalText(x.canon[:0], text)
				text = x.canon
				if partial {
					text = x.keep(text)
				}
			}
			if partial {
				c.piece, c.n = text, n
			} else {
				c.d = digest{n: n, sum: maphash.Bytes(digestSeed, text)}
			}
		}
		f.fields = append(f.fields, c)
	}
	for _, name := range a.overrides {
		var c content
		if sp, ok := x.span(name); ok {
			c.present = true
			switch line[sp.start] {
			case '"':
				b, _ := x.text(line, sp.start, sp.end)
				c.isStr, c.str, c.empty = true, x.intern(b), len(b) == 0
				c.d = x.digestString(b)
			case '[':
				c.d = x.digestStrings(line, sp.start, sp.end)
				c.empty = c.d.n == 0
			default:
				c.d = x.digestString(line[sp.start:sp.end])
			}
		}
		f.fields = append(f.fields, c)
	}
}

// payloadMembers reads the members of the payload at line[s] (an object)
// into x.spans and x.keys, as jsonrt.Members would, and returns the index after it.
// A string value is read by scanString, which counts its escapes, so that
// the content fields need not be read again.
func (x *extractor) payloadMembers(line []byte, s int) int {
	x.spans, x.keys = x.spans[:0], x.keys[:0]
	i := jsonrt.SkipWS(line, s+1)
	for i < len(line) && line[i] == '"' {
		end := jsonrt.SkipString(line, i)
		key := line[i+1 : end-1]
		if bytes.IndexByte(key, '\\') >= 0 {
			x.keyBuf = jsonrt.Unquote(x.keyBuf[:0], key)
			key = x.keyBuf
		}
		v := jsonrt.SkipWS(line, jsonrt.SkipWS(line, end)+1) // after ':'
		sp := span{k0: len(x.keys), k1: len(x.keys) + len(key), start: v}
		if v < len(line) && line[v] == '"' {
			sp.end, sp.esc, sp.odd = scanString(line, v)
		} else {
			sp.end = jsonrt.SkipValue(line, v)
		}
		x.spans = append(x.spans, sp)
		x.keys = append(x.keys, key...)
		i = jsonrt.SkipWS(line, sp.end)
		if i < len(line) && line[i] == ',' {
			i = jsonrt.SkipWS(line, i+1)
		}
	}
	return i + 1
}

func (x *extractor) span(name string) (span, bool) {
	for _, s := range x.spans {
		if string(x.keys[s.k0:s.k1]) == name {
			return s, true
		}
	}
	return span{}, false
}

// str returns the payload's string field name, or "" when it is absent or not
// a string.
func (x *extractor) str(line []byte, name string) string {
	b, _ := x.member(line, name)
	return x.intern(b)
}

// member returns the text of the payload's string field name (see text); ok
// is false when it is absent or not a string.
func (x *extractor) member(line []byte, name string) ([]byte, bool) {
	sp, ok := x.span(name)
	if !ok {
		return nil, false
	}
	return x.text(line, sp.start, sp.end)
}

// maxScratch is the largest decoding buffer an extractor keeps between lines.
const maxScratch = 1 << 20

// text returns the content of the string value line[s:e]: the bytes of the
// line itself when it has no escapes, else a decoded copy in the scratch
// buffer, valid until the next call. ok is false when the value is not a
// string.
func (x *extractor) text(line []byte, s, e int) ([]byte, bool) {
	if e-s < 2 || line[s] != '"' {
		return nil, false
	}
	body := line[s+1 : e-1]
	if bytes.IndexByte(body, '\\') < 0 {
		return body, true
	}
	if cap(x.scratch) > maxScratch {
		x.scratch = nil
	}
	x.scratch = jsonrt.Unquote(x.scratch[:0], body)
	return x.scratch, true
}

func (x *extractor) digestString(b []byte) digest {
	x.h.Reset()
	x.h.Write(b)
	return digest{n: len(b), sum: x.h.Sum64()}
}

// digestStrings digests an array of strings: each item's length, then its
// bytes (an item that is not a string counts as its JSON text).
func (x *extractor) digestStrings(line []byte, s, e int) digest {
	x.h.Reset()
	var d digest
	var n [8]byte
	for j := jsonrt.SkipWS(line, s+1); j < e && line[j] != ']'; {
		end := jsonrt.SkipValue(line, j)
		b, ok := x.text(line, j, end)
		if !ok {
			b = line[j:end]
		}
		binary.LittleEndian.PutUint64(n[:], uint64(len(b)))
		x.h.Write(n[:])
		x.h.Write(b)
		d.n++
		j = jsonrt.SkipWS(line, end)
		if line[j] == ',' {
			j = jsonrt.SkipWS(line, j+1)
		}
	}
	d.sum = x.h.Sum64()
	return d
}
