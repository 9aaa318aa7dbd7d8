/**
 * The forms one fault code is printed in, folded (upper case, no spaces or hyphens) for comparing
 * with folded manual text. A J1939 code as terminals send it ("SPN 110 FMI 0", "SPN110 FMI00") is
 * printed by manuals as SPN.FMI, often zero-padded and behind the controller's name ("ECU
 * 000110.00", "110.00", "110.0"); any other code (a maker's "E12", "P0217") has one form.
 */
export function faultCodeForms(code: string): string[] {
  const folded = fold(code);
  const j1939 = /^SPN(\d{1,6})FMI(\d{1,2})$/.exec(folded);
  if (!j1939) return [folded];
  const spn = Number(j1939[1]);
  const fmi = Number(j1939[2]);
  const two = String(fmi).padStart(2, '0');
  return [...new Set([folded, `${String(spn).padStart(6, '0')}.${two}`, `${spn}.${two}`, `${spn}.${fmi}`])];
}

/**
 * The searches for a code, most literal first: the code as sent, then each SPN.FMI form a manual
 * prints (a search for all at once finds nothing: no page has every form's words).
 */
export function faultCodeQueries(code: string): string[] {
  const forms = faultCodeForms(code);
  return [code.trim(), ...forms.slice(1, 3)];
}

/**
 * Whether a folded sentence starts with the code in one of its forms, maybe behind a controller
 * name of 2–4 letters ("ECU 000110.00 | …"): a row of a fault-code table for that code. The form
 * must end there ("110.0" is not "110.01").
 */
export function startsWithCode(foldedSentence: string, forms: readonly string[]): boolean {
  const bare = foldedSentence.replace(/^[A-Z]{2,4}(?=\d)/, '');
  return forms.some((f) => [foldedSentence, bare].some((s) => s.startsWith(f) && !/^[0-9.]/.test(s.slice(f.length))));
}

export const fold = (s: string) => s.toUpperCase().replace(/[-\s]/g, '');
