import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './richText.ts';

describe('sanitizeRichText', () => {
  it('keeps the allow-listed formatting and drops what runs', () => {
    expect(sanitizeRichText('<p>a <strong>b</strong></p><ul><li>c</li></ul>')).toBe(
      '<p>a <strong>b</strong></p><ul><li>c</li></ul>',
    );
    expect(sanitizeRichText('<p>x<img src="x" onerror="alert(1)"></p>')).toBe('<p>x<img src="x"></p>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">y</a><a href="JaVa&#x09;script:alert(2)">z</a>')).toBe(
      '<a>y</a><a>z</a>',
    );
    expect(sanitizeRichText('<a href="ftp://files.example/x">f</a><a href="mailto:a@b.example">m</a>')).toBe(
      '<a>f</a><a href="mailto:a@b.example">m</a>',
    );
    expect(sanitizeRichText('<svg onload="alert(1)"></svg><script>alert(2)</script><style>*{}</style>w')).toBe('w');
    expect(sanitizeRichText('<p style="color:red" class="x" onclick="y()">v</p>')).toBe('<p>v</p>');
    expect(sanitizeRichText('<a href="https://e.example" target="_blank" rel="noopener noreferrer">e</a>')).toBe(
      '<a href="https://e.example" target="_blank" rel="noopener noreferrer">e</a>',
    );
  });
});
