package cli

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// BenchmarkGenerate runs "omnigen generate --check" on this checkout's
// omnigen.yaml in this process: the work itself, without process start and
// package initialisation (profile it with -cpuprofile).
func BenchmarkGenerate(b *testing.B) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		b.Fatal(err)
	}
	b.Chdir(root)
	for _, args := range [][]string{{"generate", "--check"}} {
		b.Run("check", func(b *testing.B) {
			for b.Loop() {
				if code := Main(args, nil, io.Discard, io.Discard); code != ExitOK {
					b.Fatalf("omnigen %v exits %d: is the checkout in sync (make check)?", args, code)
				}
			}
		})
	}
}

// BenchmarkGenerateProcess measures what issue 16 asks for: the whole
// process of "omnigen generate" and "omnigen generate --check" for the
// canonical schema (this checkout's omnigen.yaml, in sync), from exec to
// exit, beside "true" (the cost of starting any process here) and
// "omnigen --version" (starting omnigen: the runtime and every package's
// initialisation), and "generate --check" with OMNIGEN_NOCACHE=1 (what a
// run costs when the generate cache cannot answer). It builds the binary,
// copies the checkout's generated outputs to a temporary directory
// (generate writes there, finding nothing to change), then runs each
// command in turn, interleaved, 21 times per b.N; the medians are reported
// as metrics (median-ms-<name>).
func BenchmarkGenerateProcess(b *testing.B) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(b.TempDir(), "omnigen")
	build := exec.Command("go", "build", "-o", bin, "./cmd/omnigen")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("go build ./cmd/omnigen: %v\n%s", err, out)
	}
	work := b.TempDir()
	for _, p := range []string{"omnigen.yaml", "schema", "gen/go", "gen/ts/src", "docs"} {
		if err := os.CopyFS(filepath.Join(work, p), os.DirFS(filepath.Join(root, p))); err != nil {
			if err := copyFile(filepath.Join(root, p), filepath.Join(work, p)); err != nil {
				b.Fatal(err)
			}
		}
	}
	truePath, err := exec.LookPath("true")
	if err != nil {
		b.Skip("no true command to compare with: ", err)
	}
	cmds := []struct {
		name    string
		argv    []string
		noCache bool
	}{
		{"true", []string{truePath}, false},
		{"version", []string{bin, "--version"}, false},
		{"generate", []string{bin, "generate"}, false},
		{"check", []string{bin, "generate", "--check"}, false},
		{"check-nocache", []string{bin, "generate", "--check"}, true},
	}
	times := make([][]time.Duration, len(cmds))
	for b.Loop() {
		for range 21 {
			for i, c := range cmds {
				cmd := exec.Command(c.argv[0], c.argv[1:]...)
				cmd.Dir = work
				if c.noCache {
					cmd.Env = append(os.Environ(), "OMNIGEN_NOCACHE=1")
				}
				start := time.Now()
				out, err := cmd.CombinedOutput()
				times[i] = append(times[i], time.Since(start))
				if err != nil || (c.name == "generate" && len(out) > 0) {
					b.Fatalf("%v: %v\n%s", c.argv, err, out)
				}
			}
		}
	}
	for i, c := range cmds {
		slices.Sort(times[i])
		median := times[i][len(times[i])/2]
		b.ReportMetric(float64(median.Microseconds())/1000, "median-ms-"+c.name)
	}
}

// copyFile copies the file from to the path to, making its directory.
func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}
