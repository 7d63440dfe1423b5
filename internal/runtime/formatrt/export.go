package formatrt

import "sort"

// This file is not copied into generated code (format.go is): it lets the
// programs that run schemas without generating code (omnigen validate)
// use the same checks.

// Check returns the check of a format, or nil for a format it does not
// know ("regex" is regexrt's).
func Check(name string) func(string) bool {
	if known, _ := checkFormat(name, ""); !known {
		return nil
	}
	return func(s string) bool {
		_, ok := checkFormat(name, s)
		return ok
	}
}

// Funcs names the function of format.go that checks each format, for the
// generator.
var Funcs = map[string]string{
	"date": "formatDate", "date-time": "formatDateTime", "duration": "formatDuration",
	"email": "formatEmail", "hostname": "formatHostname", "idn-email": "formatIDNEmail",
	"idn-hostname": "formatIDNHostname", "ipv4": "formatIPv4", "ipv6": "formatIPv6",
	"iri": "formatIRI", "iri-reference": "formatIRIReference", "json-pointer": "formatJSONPointer",
	"relative-json-pointer": "formatRelativeJSONPointer", "time": "formatTime", "uri": "formatURI",
	"uri-reference": "formatURIReference", "uri-template": "formatURITemplate", "uuid": "formatUUID",
}

// Names lists the formats Check knows, in order: Funcs's, the one table of
// them.
var Names = func() []string {
	names := make([]string, 0, len(Funcs))
	for name := range Funcs {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}()
