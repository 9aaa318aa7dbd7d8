import { describe, expect, it } from 'vitest';
import { faultCodeForms, faultCodeQueries, fold, startsWithCode } from './fault-code-forms.js';

describe('fault code forms', () => {
  it('a J1939 code in the forms manuals print it', () => {
    expect(faultCodeForms('SPN 110 FMI 0')).toEqual(['SPN110FMI0', '000110.00', '110.00', '110.0']);
    expect(faultCodeForms('spn 100 fmi 1')).toEqual(['SPN100FMI1', '000100.01', '100.01', '100.1']);
    expect(faultCodeQueries('SPN 110 FMI 0')).toEqual(['SPN 110 FMI 0', '000110.00', '110.00']);
  });
  it("a maker's code has one form", () => {
    expect(faultCodeForms('E-12')).toEqual(['E12']);
    expect(faultCodeQueries('E12')).toEqual(['E12']);
  });
  it('a fault-code table row starts with the code, behind a controller name or not, and the code ends there', () => {
    const forms = faultCodeForms('SPN 110 FMI 0');
    expect(startsWithCode(fold('ECU 000110.00 | Coolant temperature extremely high'), forms)).toBe(true);
    expect(startsWithCode(fold('110.00 | Coolant'), forms)).toBe(true);
    expect(startsWithCode(fold('ECU 000110.16 | Coolant temperature high'), forms)).toBe(false);
    expect(startsWithCode(fold('ECU 000110.001 | x'), forms)).toBe(false);
    expect(startsWithCode(fold('E12 | 水温传感器断路'), faultCodeForms('E12'))).toBe(true);
    expect(startsWithCode(fold('E121 | x'), faultCodeForms('E12'))).toBe(false);
  });
});
