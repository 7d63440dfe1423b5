package formatrt

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

// Names lists the formats Check knows.
var Names = []string{
	"date", "date-time", "duration", "email", "hostname", "idn-email", "idn-hostname",
	"ipv4", "ipv6", "iri", "iri-reference", "json-pointer", "relative-json-pointer",
	"time", "uri", "uri-reference", "uri-template", "uuid",
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
