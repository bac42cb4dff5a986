import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml } from '../src/platform/sanitize.ts';

/**
 * The rich-text allow-list (platform/sanitize.ts) against the classic XSS vectors. The notices tests
 * keep their own cases; these are the ones an attacker tries next.
 */

/** Input → exactly what is stored. */
const CASES: [string, string][] = [
  // javascript:, data: and friends in links, however spelled.
  ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="&#106;&#97;vascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="&#x6A;avascript&#x3A;alert(1)">x</a>', '<a>x</a>'],
  ['<a href="javascript&colon;alert(1)">x</a>', '<a>x</a>'],
  ['<a href="java&Tab;script:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="\u0001javascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a>x</a>'],
  ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
  // A protocol-relative address leaves the site without saying so.
  ['<a href="//evil.example/">x</a>', '<a>x</a>'],
  // Images: this site only.
  ['<img src="JaVaScRiPt:alert(1)">', ''],
  ['<IMG SRC="jav\tascript:alert(1);">', ''],
  ['<img src="data:image/png;base64,iVBORw0KGgo=">', ''],
  ['<img src="//evil.example/pixel.png">', ''],
  ['<img src="mailto:a@b.example">', ''],
  ['<img src=x onerror=alert(1)//', ''],
  [
    '<img src="/gateway/system/oss/file/0123456789abcdef0123456789abcdef.png" srcset="javascript:alert(1) 1x">',
    '<img src="/gateway/system/oss/file/0123456789abcdef0123456789abcdef.png">',
  ],
  // Images of other sites would be refused by the content security policy anyway.
  ['<img src="https://cdn.example/a.png">', ''],
  ['<img src="http://cdn.example/a.png">', ''],
  // Event handlers on any element.
  ['<p onmouseover="alert(1)" ONCLICK=alert(2)>a</p>', '<p>a</p>'],
  ['<details open ontoggle=alert(1)>x</details>', 'x'],
  ['<table><tr><td colspan="2" onmouseover="x">c</td></tr></table>', '<table><tr><td colspan="2">c</td></tr></table>'],
  // Styles are not allowed at all, so neither expression() nor url(javascript:) survives.
  ['<p style="background:url(javascript:alert(1))">a</p>', '<p>a</p>'],
  ['<div style="width: expression(alert(1))">a</div>', '<div>a</div>'],
  ['<style>@import "javascript:alert(1)";</style>after', 'after'],
  // Foreign content, frames, forms and document-level elements.
  ['<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>y', 'y'],
  ['<svg onload=alert(1)>', ''],
  ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
  ['<iframe src="javascript:alert(1)"></iframe>after', 'after'],
  ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
  ['<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">after', 'after'],
  [
    '<form action="javascript:alert(1)"><button formaction="javascript:alert(2)">go</button><input type=submit></form>',
    'go',
  ],
  ['<base href="javascript:alert(1)//"><a href="/x">x</a>', '<a href="/x">x</a>'],
  ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">after', 'after'],
  ['<link rel="stylesheet" href="https://evil.example/x.css">after', 'after'],
  ['<textarea><img src=x onerror=alert(1)></textarea>after', 'after'],
  ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
  // Comments, including Internet Explorer's conditional ones.
  ['<!--[if IE]><script>alert(1)</script><![endif]-->after', 'after'],
  ['<![if !IE]><script>alert(1)</script><![endif]>after', 'after'],
  ['<!-- <img src=x onerror=alert(1)> -->after', 'after'],
  // Broken markup is balanced; values cannot break out of their quotes.
  ['<p><b><i>unclosed', '<p><b><i>unclosed</i></b></p>'],
  ['<ul><li>a<li>b</ul>', '<ul><li>a</li><li>b</li></ul>'],
  // A stray </p> opens an empty paragraph, as in a browser; other stray end tags vanish.
  ['</p></div>text</b>', '<p></p>text'],
  [
    '<a href="https://x.example" title="&quot;><script>alert(1)</script>">x</a>',
    '<a href="https://x.example" title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</a>',
  ],
  ['1 < 2 > 0 &amp; &lt;b&gt;', '1 &lt; 2 &gt; 0 &amp; &lt;b&gt;'],
  ['a\u0000b', 'ab'],
  // New tabs always get our rel, whatever the author wrote.
  [
    '<a href="https://x.example" target="_BLANK" rel="opener">x</a>',
    '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
  ],
  ['<a href="https://x.example" target="_top" rel="opener">x</a>', '<a href="https://x.example">x</a>'],
  // Numbers stay numbers.
  [
    '<img src="/gateway/system/oss/file/0123456789abcdef0123456789abcdef.png" width="100%" height=" 40 ">',
    '<img src="/gateway/system/oss/file/0123456789abcdef0123456789abcdef.png" height="40">',
  ],
  ['<ol start="3" type="a"><li>x</li></ol>', '<ol start="3"><li>x</li></ol>'],
];

/** What the notice editor (tiptap) writes must come back unchanged. */
const EDITOR_OUTPUT = [
  '<p>Dear partners, <strong>bold</strong> <em>italic</em> <u>underlined</u> <s>struck</s></p>',
  '<h2>Schedule</h2><h3>Receiving</h3>',
  '<ul><li><p>first</p></li><li><p>second</p></li></ul><ol start="2"><li><p>two</p></li></ol>',
  '<p><a href="https://huaxin.example/calendar" target="_blank" rel="noopener noreferrer">calendar</a></p>',
  '<p>line<br>break</p><blockquote><p>quoted</p></blockquote><hr><pre><code>code</code></pre>',
];

describe('sanitizeHtml', () => {
  it.each(CASES)('%j', (input, stored) => {
    expect(sanitizeHtml(input)).toBe(stored);
  });

  it('leaves nothing that runs, whatever the vector', () => {
    for (const [input] of CASES) {
      const out = sanitizeHtml(input);
      expect(out, input).not.toMatch(/<(script|svg|math|iframe|object|embed|form|base|meta|link|style|textarea)\b/i);
      expect(out, input).not.toMatch(/\son[a-z]+\s*=/i);
      expect(out, input).not.toMatch(/\s(style|srcset|formaction|action|xlink:href)\s*=/i);
      expect(out, input).not.toMatch(/(href|src)="\s*(javascript|data|vbscript):/i);
      // What is stored is already clean: sanitizing it again changes nothing.
      expect(sanitizeHtml(out), input).toBe(out);
    }
  });

  it.each(EDITOR_OUTPUT)('keeps the editor’s %j', (html) => {
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps links to the web, mail and phone, and images of this site', () => {
    const html =
      '<a href="mailto:buyer@huaxin.example">m</a><a href="tel:+8613800000001">t</a>' +
      '<img src="/gateway/system/oss/file/0123456789abcdef0123456789abcdef.png" alt="">';
    expect(sanitizeHtml(html)).toBe(html);
  });
});

describe('htmlToText', () => {
  it('gives the words with line breaks and bullets, characters decoded once', () => {
    expect(htmlToText('<h2>Title</h2><p>1 &lt; 2 &amp;amp; &quot;q&quot;</p><ul><li>a</li><li>b</li></ul>')).toBe(
      'Title\n1 < 2 &amp; "q"\n• a\n• b',
    );
    expect(htmlToText('<script>alert(1)</script><p>only this</p>')).toBe('only this');
  });
});
