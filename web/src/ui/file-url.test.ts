import { describe, expect, it } from 'vitest';
import { downloadName, fileSrc } from './file-url';

describe('fileSrc', () => {
  it('should keep absolute urls', () => {
    expect(fileSrc('https://cdn.example/f/1?sig=a', 'https://x.test/api')).toBe('https://cdn.example/f/1?sig=a');
  });
  it('should resolve a path that carries the API prefix against the API origin', () => {
    expect(fileSrc('/api/files/1?sig=a', 'https://x.test/api')).toBe('https://x.test/api/files/1?sig=a');
  });
  it('should put any other path under the API base', () => {
    expect(fileSrc('/files/1?sig=a', 'https://x.test/api')).toBe('https://x.test/api/files/1?sig=a');
    expect(fileSrc('/files/1', 'https://neura.test')).toBe('https://neura.test/files/1');
  });
});

describe('downloadName', () => {
  it('should name a download by id with its extension', () => {
    expect(downloadName('abc', 'image/jpeg')).toBe('neura-abc.jpg');
    expect(downloadName('abc', 'audio/mpeg')).toBe('neura-abc.mp3');
    expect(downloadName('abc', 'image/png')).toBe('neura-abc.png');
  });
});
