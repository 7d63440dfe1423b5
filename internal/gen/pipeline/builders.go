package pipeline

import (
	"encoding/json"

	"github.com/omnigen-dev/omnigen/internal/gen/model"
	"github.com/omnigen-dev/omnigen/internal/runtime/jsonrt"
)

// checkBuilderValues runs each value a builder writes of its own accord (a
// param's default, a set value) through the check of the property it fills,
// so that no builder makes a value that Marshal refuses: the model checks
// that such a value is of the property's type (model.fits), the program
// what else the property's schema says of it (a minLength, a pattern, a
// maximum…). The first that fails is the error, at the value's pointer.
func checkBuilderValues(s *model.Schema) error {
	if len(s.Builders) == 0 || s.Program == nil {
		return nil
	}
	cs, err := jsonrt.Interpret(s.Program, jsonrt.Formats())
	if err != nil {
		return err
	}
	check := func(t *model.Type, f *model.Field, v json.RawMessage, ptr string) error {
		ch := t.PropertyCheck(f.Name)
		if ch == nil {
			return nil
		}
		err := cs.Check(ch, v)
		if err == nil {
			return nil
		}
		where := ""
		if p := jsonrt.Pointer(err); p != "" {
			where = "at " + p + ", "
		}
		return model.Errorf(ptr, "%s is not a value of property %q: %s%s (%s)", v, f.Name, where, jsonrt.Message(err), jsonrt.Keyword(err))
	}
	for _, b := range s.Builders {
		for _, p := range b.Params {
			if p.Default != nil {
				if err := check(b.Target, p.Field, p.Default, p.Pointer+"/default"); err != nil {
					return err
				}
			}
		}
		for _, fx := range b.Set {
			if err := check(b.Target, fx.Field, fx.Value, fx.Pointer); err != nil {
				return err
			}
		}
	}
	return nil
}
