import { describe, expect, it } from 'vitest';
import { EMPTY_SHA256, amzDate, canonicalQuery, signRequest, signingKey, uriEncode } from './sigv4.js';

// The example values AWS publishes for Signature Version 4: the example credentials, and the S3
// API reference's "Examples: Signature Calculations" (bucket `examplebucket`, 24 May 2013).
const EXAMPLE_KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
const S3_EXAMPLE_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const s3 = { accessKeyId: EXAMPLE_KEY_ID, secretAccessKey: S3_EXAMPLE_SECRET, region: 'us-east-1', service: 's3' };
const MAY_24_2013 = new Date('2013-05-24T00:00:00Z');
const HOST = 'examplebucket.s3.amazonaws.com';

describe('signing key', () => {
  it('derives the documented key (General Reference: deriving a signing key, IAM in us-east-1 on 2015-08-30)', () => {
    const key = signingKey('wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', '20150830', 'us-east-1', 'iam');
    expect(key.toString('hex')).toBe('c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9');
  });
});

describe('S3 examples (header-based auth, payload in a single chunk)', () => {
  it('GET Object with a Range header: canonical request, string to sign and signature', () => {
    const r = signRequest(
      { method: 'GET', host: HOST, path: '/test.txt', headers: { Range: 'bytes=0-9' }, payloadSha256: EMPTY_SHA256 },
      s3,
      MAY_24_2013,
    );
    expect(r.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        `host:${HOST}`,
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_SHA256}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
    expect(r.stringToSign.split('\n')).toEqual([
      'AWS4-HMAC-SHA256',
      '20130524T000000Z',
      '20130524/us-east-1/s3/aws4_request',
      '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    ]);
    expect(r.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(r.headers).not.toHaveProperty('host');
    expect(r.headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it('PUT Object: a key with `$` is percent-encoded, the Date and storage-class headers are signed', () => {
    const r = signRequest(
      {
        method: 'PUT',
        host: HOST,
        path: `/${uriEncode('test$file.text', true)}`,
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadSha256: '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
      },
      s3,
      MAY_24_2013,
    );
    expect(r.canonicalRequest.split('\n')[1]).toBe('/test%24file.text');
    expect(r.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('GET Bucket lifecycle: a sub-resource without a value is `lifecycle=`', () => {
    const r = signRequest(
      { method: 'GET', host: HOST, path: '/', query: [['lifecycle', '']], payloadSha256: EMPTY_SHA256 },
      s3,
      MAY_24_2013,
    );
    expect(r.canonicalRequest.split('\n')[2]).toBe('lifecycle=');
    expect(r.signature).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
  });

  it('GET Bucket (list objects): query parameters sorted by name', () => {
    const r = signRequest(
      {
        method: 'GET',
        host: HOST,
        path: '/',
        query: [
          ['prefix', 'J'],
          ['max-keys', '2'],
        ],
        payloadSha256: EMPTY_SHA256,
      },
      s3,
      MAY_24_2013,
    );
    expect(r.canonicalRequest.split('\n')[2]).toBe('max-keys=2&prefix=J');
    expect(r.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('a different secret gives a different signature (what the fake S3 server refuses)', () => {
    const req = { method: 'GET', host: HOST, path: '/test.txt', payloadSha256: EMPTY_SHA256 };
    const right = signRequest(req, s3, MAY_24_2013).signature;
    const wrong = signRequest(req, { ...s3, secretAccessKey: `${S3_EXAMPLE_SECRET}x` }, MAY_24_2013).signature;
    expect(wrong).not.toBe(right);
  });
});

describe('encoding', () => {
  it('keeps unreserved characters, encodes the rest as upper-case %XX (UTF-8 bytes)', () => {
    expect(uriEncode('a-b_c.d~e')).toBe('a-b_c.d~e');
    expect(uriEncode('a b/c=d+e*')).toBe('a%20b%2Fc%3Dd%2Be%2A');
    expect(uriEncode('a b/c', true)).toBe('a%20b/c');
    expect(uriEncode('说明书')).toBe('%E8%AF%B4%E6%98%8E%E4%B9%A6');
  });

  it('sorts the query by encoded name, then value', () => {
    expect(
      canonicalQuery([
        ['prefix', 'a/b'],
        ['list-type', '2'],
        ['continuation-token', 'x y'],
      ]),
    ).toBe('continuation-token=x%20y&list-type=2&prefix=a%2Fb');
    expect(canonicalQuery([])).toBe('');
  });

  it('formats the request time as ISO 8601 basic, UTC, whole seconds', () => {
    expect(amzDate(new Date('2026-12-03T21:05:09.123Z'))).toBe('20261203T210509Z');
  });
});
