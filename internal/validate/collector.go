package validate

// collector takes the batches in input order, runs the profile's rules,
// counts every line and hands the findings to the reporter. It runs on one
// goroutine.
type collector struct {
	p     *pipeline
	sum   *Summary
	prog  *progress
	rules rules

	name  string // current input
	torn  bool   // its last line so far is torn
	shown int64  // error findings printed
	err   error  // the reporter failed
}

func (c *collector) collect() error {
	for {
		var g []*batch
		var more bool
		select {
		case g, more = <-c.p.ordered:
		default:
			// Nothing to report yet: write out what is buffered, so that
			// findings about a live stream show up as they are found.
			c.flush()
			g, more = <-c.p.ordered
		}
		if !more {
			break
		}
		for _, b := range g {
			c.take(b)
		}
	}
	return c.err
}

// take reports a batch or a marker.
func (c *collector) take(b *batch) {
	if c.err != nil {
		c.drain(b)
		return
	}
	switch b.kind {
	case batchFileStart:
		c.name = c.p.inputs[b.input].Name
		c.torn = false
		if c.rules != nil {
			c.rules.begin()
		}
	case batchFileEnd:
		c.endFile(b)
	default:
		<-b.done
		c.lines(b)
		n := b.charge
		c.p.recycle(b) // before the release that lets the reader go on
		c.p.budget.release(n)
	}
}

func (c *collector) flush() {
	if r := c.p.opts.Reporter; r != nil && c.err == nil {
		if c.prog != nil {
			c.prog.mu.Lock()
			defer c.prog.mu.Unlock()
		}
		c.err = r.Flush()
	}
}

// drain lets the pipeline finish after the reporter failed.
func (c *collector) drain(b *batch) {
	c.p.stop.Store(true)
	if b.kind == batchLines {
		<-b.done
		c.p.budget.release(b.charge)
	}
}

func (c *collector) lines(b *batch) {
	c.sum.Bytes += b.bytes
	for i := range b.res {
		res := &b.res[i]
		n := b.first + i
		cat := res.cat
		if c.rules != nil {
			switch {
			case res.hasFacts:
				found := c.rules.line(n, &res.facts, cat)
				// A line the schema already rejects gets no more findings:
				// one clear error per line. The rules still saw it.
				if cat != catInvalid {
					res.findings = append(res.findings, found...)
					cat = worse(cat, worst(found))
				}
			case res.malformed:
				c.rules.malformed(n)
			}
		}
		c.torn = res.torn
		c.count(cat, 1)
		if res.unchecked {
			c.sum.Unchecked++
		}
		for _, f := range res.findings {
			f.File, f.Line = c.name, n
			c.emit(f)
		}
	}
}

func (c *collector) count(cat category, d int64) {
	c.sum.Lines += d
	switch cat {
	case catValid:
		c.sum.Valid += d
	case catWarned:
		c.sum.Warned += d
	default:
		c.sum.Invalid += d
	}
}

func (c *collector) endFile(b *batch) {
	if b.ioErr != nil {
		c.sum.IOErrors++
		c.emit(Finding{File: c.name, Severity: Error, Rule: RuleIO, Message: b.ioErr.Error()})
		return
	}
	if note := c.p.inputs[b.input].Note; note != "" {
		c.emit(Finding{File: c.name, Severity: Notice, Rule: RuleIO, Message: note})
		return
	}
	if c.rules != nil {
		for _, f := range c.rules.end(c.torn) {
			// The finding is about an earlier line: count that line again in
			// its new category.
			if now := worse(f.was, categoryOf(f.Severity)); now != f.was {
				c.count(f.was, -1)
				c.count(now, 1)
			}
			f.File = c.name
			c.emit(f)
		}
	}
	if b.lineCount == 0 {
		c.emit(Finding{File: c.name, Severity: Notice, Rule: RuleEmpty, Message: "empty file: 0 lines, nothing to validate"})
	}
}

func (c *collector) emit(f Finding) {
	switch f.Severity {
	case Error:
		c.sum.Errors++
	case Warning:
		c.sum.Warnings++
	}
	max := int64(c.p.opts.MaxErrors)
	if max > 0 && c.shown >= max && f.Rule != RuleIO {
		c.sum.Suppressed++
		return
	}
	if f.Severity == Error {
		c.shown++
	}
	r := c.p.opts.Reporter
	if r == nil {
		return
	}
	if c.prog != nil {
		c.prog.mu.Lock()
		defer c.prog.mu.Unlock()
		c.prog.clearLocked()
	}
	if err := r.Report(f); err != nil {
		c.err = err
		return
	}
	if c.prog != nil {
		if err := r.Flush(); err != nil {
			c.err = err
		}
	}
}
