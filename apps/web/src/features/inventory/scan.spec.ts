import { describe, expect, it } from 'vitest';
import { parseScan, partLabelPayload } from './scan';

const ID = '0f8b3c2a-1d2e-4f50-8a6b-7c8d9e0f1a2b';

describe('parseScan', () => {
  it('our own label and links name the part itself', () => {
    expect(parseScan(partLabelPayload(ID))).toEqual({ kind: 'part', partId: ID });
    expect(parseScan(`amms:part:${ID.toUpperCase()}`)).toEqual({ kind: 'part', partId: ID });
    expect(parseScan(`https://amms.example/orgs/x/inventory/parts/${ID}`)).toEqual({ kind: 'part', partId: ID });
    expect(parseScan(`https://amms.example/field/issue?part=${ID}`)).toEqual({ kind: 'part', partId: ID });
  });
  it('anything else is a code to look up (barcode or part number), cleaned of control characters', () => {
    expect(parseScan('RE504836\n')).toEqual({ kind: 'code', code: 'RE504836' });
    expect(parseScan('\u001d0106901234567892')).toEqual({ kind: 'code', code: '0106901234567892' });
    expect(parseScan('https://maker.example/p/RE504836')).toEqual({
      kind: 'code',
      code: 'https://maker.example/p/RE504836',
    });
  });
  it('no scan: empty, too long, or our prefix without a part id', () => {
    expect(parseScan('  \r\n')).toBeNull();
    expect(parseScan('x'.repeat(201))).toBeNull();
    expect(parseScan('AMMS:PART:RE504836')).toBeNull();
  });
});
