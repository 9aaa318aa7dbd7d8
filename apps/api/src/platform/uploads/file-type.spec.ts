import { describe, expect, it } from 'vitest';
import { sniffContentType } from './file-type.js';

const bytes = (...b: number[]) => Buffer.from(b);

describe('sniffContentType', () => {
  it('reads the magic bytes of each accepted kind', () => {
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffContentType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffContentType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffContentType(Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00', 'latin1'))).toBe('image/heic');
  });

  it('refuses everything else, whatever it is called', () => {
    expect(sniffContentType(Buffer.from('MZ\x90\x00\x03\x00', 'latin1'))).toBeNull(); // a Windows .exe
    expect(sniffContentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffContentType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffContentType(Buffer.from(' %PDF-1.7'))).toBeNull(); // not at the very start
    expect(sniffContentType(Buffer.alloc(0))).toBeNull();
    expect(sniffContentType(bytes(0xff, 0xd8))).toBeNull(); // truncated
  });
});
