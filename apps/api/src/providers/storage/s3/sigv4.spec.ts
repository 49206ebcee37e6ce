import { describe, expect, it } from 'vitest';
import { EMPTY_PAYLOAD_HASH, signatureParts, signRequest, uriEncode } from './sigv4';

// The worked example of the S3 documentation ("Example: GET Object", sig-v4-header-based-auth).
const S3_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};

describe('AWS Signature Version 4', () => {
  it('signs the S3 documentation example GET Object exactly as AWS does', () => {
    const headers = signRequest(
      S3_EXAMPLE,
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it('matches the signature test suite case get-vanilla-query-order-key-case (sorted query)', () => {
    const parts = signatureParts(
      {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
        service: 'service',
      },
      'GET',
      new URL('https://example.amazonaws.com/?Param2=value2&Param1=value1'),
      { Host: 'example.amazonaws.com', 'X-Amz-Date': '20150830T123600Z' },
      EMPTY_PAYLOAD_HASH,
      '20150830T123600Z',
    );
    expect(parts.signature).toBe('b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500');
  });

  it('encodes keys once, keeping slashes in paths only', () => {
    expect(uriEncode('albums/1/foto año.png', true)).toBe('albums/1/foto%20a%C3%B1o.png');
    expect(uriEncode('a/b', false)).toBe('a%2Fb');
  });
});
