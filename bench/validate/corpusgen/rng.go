package main

import "math"

// rng is a small deterministic generator (splitmix64). The corpus depends only
// on the seed and this code, not on the Go release's math/rand.
type rng struct{ s uint64 }

func newRNG(seed uint64) *rng { return &rng{s: seed*0x9e3779b97f4a7c15 + 0x2545f4914f6cdd1d} }

func (r *rng) u64() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a value in [0, n).
func (r *rng) intn(n int) int {
	if n <= 1 {
		return 0
	}
	return int((r.u64() >> 1) % uint64(n))
}

// between returns a value in [lo, hi].
func (r *rng) between(lo, hi int) int { return lo + r.intn(hi-lo+1) }

func (r *rng) float() float64 { return float64(r.u64()>>11) / (1 << 53) }

func (r *rng) chance(p float64) bool { return r.float() < p }

// logBetween returns a value in [lo, hi], uniform on a log scale: most values
// small, a long tail of large ones.
func (r *rng) logBetween(lo, hi int) int {
	if lo < 1 {
		lo = 1
	}
	v := int(math.Exp(math.Log(float64(lo)) + r.float()*(math.Log(float64(hi))-math.Log(float64(lo)))))
	if v < lo {
		v = lo
	}
	if v > hi {
		v = hi
	}
	return v
}

func (r *rng) pick(xs []string) string { return xs[r.intn(len(xs))] }

// fill writes random bytes into b.
func (r *rng) fill(b []byte) {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		v := r.u64()
		b[i], b[i+1], b[i+2], b[i+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
		b[i+4], b[i+5], b[i+6], b[i+7] = byte(v>>32), byte(v>>40), byte(v>>48), byte(v>>56)
	}
	if i < len(b) {
		v := r.u64()
		for ; i < len(b); i++ {
			b[i] = byte(v)
			v >>= 8
		}
	}
}

const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
const hexDigits = "0123456789abcdef"

func (r *rng) str(alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.intn(len(alphabet))]
	}
	return string(b)
}
