/**
 * Hostile Markdown prose: raw HTML of every kind, script and data URLs in
 * every spelling, images off-site and on our own origin, reference links,
 * autolinks, footnotes, nesting thousands of levels deep, control, bidi and
 * zero-width characters. Nothing of it may reach the DOM as markup or as a
 * URL the browser fetches; the words themselves stay readable.
 */
import { reply, TRACKER_ORIGIN, type HostileCase } from "../hostile-case";

/** `count` copies of `unit`. */
const repeat = (unit: string, count: number) => unit.repeat(count);

/** Levels of nesting a bomb uses: the issue saw thousands kill the chat. */
const DEEP = 5_000;

export const MARKDOWN_CASES: HostileCase[] = [
  {
    id: "md-raw-img",
    class: "markdown",
    title: "raw <img> with a handler, inline and as a block, and an <img> without one",
    steps: reply(
      `Inline raw image <img src="${TRACKER_ORIGIN}/md-inline.png" onerror="alert(1)"> in prose.\n\n`,
      `<img src="${TRACKER_ORIGIN}/md-block.png" alt="block">\n\n<IMG SRC=${TRACKER_ORIGIN}/md-upper.png>\n\n`,
      `<img srcset="${TRACKER_ORIGIN}/md-srcset.png 1x" src=x onload=alert(2)>\n\nEnd of raw images.\n`,
    ),
    expect: { replyShows: ["Inline raw image", "End of raw images."] },
  },
  {
    id: "md-raw-script",
    class: "markdown",
    title: "<script>, <noscript>, <template> and a script inside SVG",
    steps: reply(
      "Scripts follow.\n\n<script>window.__hostile = 'script ran'</script>\n\n",
      `<script src="${TRACKER_ORIGIN}/md.js"></script>\n\n<noscript><img src="${TRACKER_ORIGIN}/noscript.png"></noscript>\n\n`,
      `<template><img src="${TRACKER_ORIGIN}/template.png"></template>\n\n<svg><script>alert(1)</script></svg>\n\nScripts done.\n`,
    ),
    expect: { replyShows: ["Scripts follow.", "Scripts done."] },
  },
  {
    id: "md-raw-frames",
    class: "markdown",
    title: "<iframe>, <frame>, <object>, <embed>, <portal>",
    steps: reply(
      `Frames: <iframe src="${TRACKER_ORIGIN}/frame.html"></iframe>\n\n<iframe srcdoc="<img src=${TRACKER_ORIGIN}/srcdoc.png>"></iframe>\n\n`,
      `<object data="${TRACKER_ORIGIN}/object.swf"></object><embed src="${TRACKER_ORIGIN}/embed.swf">\n\n<frameset><frame src="${TRACKER_ORIGIN}/f.html"></frameset>\n\n<portal src="${TRACKER_ORIGIN}/portal"></portal>\n\nFrames done.\n`,
    ),
    expect: { replyShows: ["Frames:", "Frames done."] },
  },
  {
    id: "md-raw-media",
    class: "markdown",
    title: "<video poster>, <audio>, <source srcset>, <picture>, <track>, <input type=image>",
    steps: reply(
      `Media: <video poster="${TRACKER_ORIGIN}/poster.png" src="${TRACKER_ORIGIN}/v.mp4"><track src="${TRACKER_ORIGIN}/t.vtt"></video>\n\n`,
      `<audio src="${TRACKER_ORIGIN}/a.mp3" autoplay></audio><picture><source srcset="${TRACKER_ORIGIN}/s.webp"><img src="${TRACKER_ORIGIN}/p.png"></picture>\n\n`,
      `<input type="image" src="${TRACKER_ORIGIN}/input.png"> <body background="${TRACKER_ORIGIN}/bg.png"> <table background="${TRACKER_ORIGIN}/tbg.png"><tr><td>cell</td></tr></table>\n\nMedia done.\n`,
    ),
    expect: { replyShows: ["Media:", "Media done."] },
  },
  {
    id: "md-raw-style",
    class: "markdown",
    title: "<style> with url() and @import, style attributes with url(), <link rel=stylesheet>, <meta refresh>, <base>",
    steps: reply(
      `Styles: <span style="background:url(${TRACKER_ORIGIN}/span.png)">styled</span>\n\n`,
      `<style>@import url(${TRACKER_ORIGIN}/import.css); body { background: url("//tracker.example.test/body.png") }</style>\n\n`,
      `<link rel="stylesheet" href="${TRACKER_ORIGIN}/link.css"><link rel="prefetch" href="/api/auth/sign-out">\n\n`,
      `<meta http-equiv="refresh" content="0;url=${TRACKER_ORIGIN}/refresh"><base href="${TRACKER_ORIGIN}/">\n\n`,
      `<div style="width:expression(alert(1));background-image:image-set('${TRACKER_ORIGIN}/set.png' 1x)">x</div>\n\nStyles done.\n`,
    ),
    expect: { replyShows: ["Styles:", "Styles done."] },
  },
  {
    id: "md-raw-svg",
    class: "markdown",
    title: "inline <svg> with <image>, <use href>, <foreignObject>, <animate> rewriting an href, <a xlink:href>",
    steps: reply(
      `SVG: <svg width="10" height="10"><image href="${TRACKER_ORIGIN}/svg-image.png"/><use href="${TRACKER_ORIGIN}/sprite.svg#a"/>`,
      `<a xlink:href="javascript:alert(1)"><text>t</text></a><a><animate attributeName="href" to="javascript:alert(2)"/><text>u</text></a>`,
      `<foreignObject><img src="${TRACKER_ORIGIN}/fo.png"></foreignObject><rect fill="url(${TRACKER_ORIGIN}/paint.svg#p)"/></svg>\n\nSVG done.\n`,
    ),
    expect: { replyShows: ["SVG:", "SVG done."] },
  },
  {
    id: "md-raw-forms",
    class: "markdown",
    title: "<form action>, <button formaction>, <input formaction>, <a ping>, <area>, <math href>",
    steps: reply(
      `Forms: <form action="${TRACKER_ORIGIN}/steal" method="post"><input name="q" value="secret"><button formaction="javascript:alert(1)">Go</button></form>\n\n`,
      `<a href="https://example.com/" ping="${TRACKER_ORIGIN}/ping">pinged</a> <map name="m"><area href="javascript:alert(2)" shape="rect" coords="0,0,1,1"></map>\n\n`,
      `<math href="javascript:alert(3)"><mi>x</mi></math> <details open ontoggle="alert(4)"><summary>s</summary></details>\n\nForms done.\n`,
    ),
    expect: { replyShows: ["Forms:", "Forms done."] },
  },
  {
    id: "md-raw-comments",
    class: "markdown",
    title: "HTML comments, CDATA, processing instructions and declarations hiding markup",
    steps: reply(
      `Hidden: <!-- <img src="${TRACKER_ORIGIN}/comment.png"> --> <![CDATA[<img src="${TRACKER_ORIGIN}/cdata.png">]]>\n\n`,
      `<?xml version="1.0"?><?php echo 1 ?><!DOCTYPE html><!ENTITY x "<img src=${TRACKER_ORIGIN}/entity.png>">\n\n`,
      `<!--><img src="${TRACKER_ORIGIN}/broken-comment.png"> --> <!--!><img src=${TRACKER_ORIGIN}/bang.png>-->\n\nHidden done.\n`,
    ),
    expect: { replyShows: ["Hidden:", "Hidden done."] },
  },
  {
    id: "md-link-javascript",
    class: "markdown",
    title: "javascript: links in every spelling: case, spaces, tabs, newlines, leading controls",
    steps: reply(
      "Links: [a](javascript:alert(1)) [b](JaVaScRiPt:alert(2)) [c](< javascript:alert(3)>) ",
      "[d](java\tscript:alert(4)) [e](java%0ascript:alert(5)) [f](\u0001javascript:alert(6)) [g](javascript://%0aalert(7)) ",
      "[h]( javascript:alert(8) \"title\") [i](javascript&#58;alert(9))\n\nLinks done.\n",
    ),
    expect: { replyShows: ["Links:", "Links done."] },
  },
  {
    id: "md-link-entities",
    class: "markdown",
    title: "entity- and percent-encoded script schemes",
    steps: reply(
      "Encoded: [a](&#106;avascript:alert(1)) [b](&#x6A;&#x61;vascript:alert(2)) [c](javascript&colon;alert(3)) ",
      "[d](%6Aavascript:alert(4)) [e](&#0000106avascript:alert(5)) [f](jav&#x09;ascript:alert(6)) [g](&Tab;javascript:alert(7))\n\nEncoded done.\n",
    ),
    expect: { replyShows: ["Encoded:", "Encoded done."] },
  },
  {
    id: "md-link-other-schemes",
    class: "markdown",
    title: "data:, vbscript:, file:, blob:, about:, ws:, ftp: and credentials in links",
    steps: reply(
      "Schemes: [a](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [b](vbscript:msgbox(1)) [c](file:///etc/passwd) ",
      `[d](blob:${TRACKER_ORIGIN}/uuid) [e](about:blank) [f](ws://tracker.example.test/) [g](ftp://tracker.example.test/) [h](https://user:pass@tracker.example.test/)\n\nSchemes done.\n`,
    ),
    expect: { replyShows: ["Schemes:", "Schemes done."] },
  },
  {
    id: "md-link-same-origin",
    class: "markdown",
    title: "links to our own API and pages: relative, protocol-relative, backslashes",
    steps: reply(
      "Ours: [sign out](/api/auth/sign-out) [chats](/api/chats) [rel](../api/auth/sign-out) [dot](./x) [query](?sign-out=1) ",
      "[pr](//tracker.example.test/pr) [bs](/\\tracker.example.test/bs) [bs2](\\\\tracker.example.test\\bs2) [frag](#top)\n\nOurs done.\n",
    ),
    expect: { replyShows: ["Ours:", "Ours done."] },
  },
  {
    id: "md-autolinks",
    class: "markdown",
    title: "autolinks: script, data, off-site and bare www/email links",
    steps: reply(
      "Auto: <javascript:alert(1)> <data:text/html,<b>x</b>> <vbscript:x> <https://tracker.example.test/auto> ",
      "www.tracker.example.test/www someone@tracker.example.test <mailto:a@example.com> <tel:+15550100> ",
      "https://tracker.example.test/bare?x=<img src=x onerror=alert(1)>\n\nAuto done.\n",
    ),
    expect: { replyShows: ["Auto:", "Auto done."] },
  },
  {
    id: "md-images-offsite",
    class: "markdown",
    title: "Markdown images off-site: absolute, protocol-relative, with titles, inside links",
    steps: reply(
      `Pictures: ![pixel](${TRACKER_ORIGIN}/pixel.png) ![pr](//tracker.example.test/pr.png "title") `,
      `[![linked](${TRACKER_ORIGIN}/linked.png)](https://example.com/) ![local](http://127.0.0.1:9/local.png) ![svg](data:image/svg+xml,<svg/onload=alert(1)>)\n\nPictures done.\n`,
    ),
    expect: { replyShows: ["Pictures:", "Pictures done.", "pixel"] },
  },
  {
    id: "md-images-same-origin",
    class: "markdown",
    title: "Markdown images on our own origin: the sign-out route, the API, static files, the page itself",
    steps: reply(
      "Own pictures: ![out](/api/auth/sign-out) ![chats](/api/chats) ![rel](api/auth/sign-out) ![q](?x=1) ",
      "![static](/_next/static/chunks/none.png) ![fav](/favicon.ico) ![empty]() ![hash](#x)\n\nOwn pictures done.\n",
    ),
    expect: { replyShows: ["Own pictures:", "Own pictures done."] },
  },
  {
    id: "md-reference-links",
    class: "markdown",
    title: "reference-style links and images with hostile definitions",
    steps: reply(
      "Refs: [one][r1] [two][r2] ![three][r3] [four] ![five][r5]\n\n",
      "[r1]: javascript:alert(1)\n[r2]: <data:text/html,x> \"t\"\n",
      `[r3]: ${TRACKER_ORIGIN}/ref.png\n[four]: /api/auth/sign-out\n[r5]: //tracker.example.test/r5.png 'x'\n\nRefs done.\n`,
    ),
    expect: { replyShows: ["Refs:", "Refs done."] },
  },
  {
    id: "md-footnotes",
    class: "markdown",
    title: "footnotes carrying hostile links and images, and clobbering ids",
    steps: reply(
      "Notes: a claim[^1], another[^__proto__], a third[^constructor].\n\n",
      `[^1]: See [this](javascript:alert(1)) and ![pic](${TRACKER_ORIGIN}/fn.png).\n[^__proto__]: <img src=${TRACKER_ORIGIN}/fn2.png>\n[^constructor]: [ok](https://example.com/)\n\nNotes done.\n`,
    ),
    expect: { replyShows: ["Notes:", "Notes done."] },
  },
  {
    id: "md-code-spans",
    class: "markdown",
    title: "HTML in code spans and code fences of every language, and a fence language that is markup",
    steps: reply(
      "Code: `<img src=x onerror=alert(1)>` and ``<script>alert(2)</script>``\n\n",
      `\`\`\`html\n<img src="${TRACKER_ORIGIN}/fence.png" onerror="alert(3)">\n\`\`\`\n\n`,
      `\`\`\`"><img src=${TRACKER_ORIGIN}/lang.png>\nlanguage that is markup\n\`\`\`\n\n~~~svg\n<svg onload=alert(4)></svg>\n~~~\n\nCode done.\n`,
    ),
    expect: { replyShows: ["Code:", "<img src=x onerror=alert(1)>", "Code done."] },
  },
  {
    id: "md-link-titles",
    class: "markdown",
    title: "link and image titles, link text carrying markup",
    steps: reply(
      "Titles: [x](https://example.com/ \"\\\" onmouseover=alert(1) x=\\\"\") ",
      "[<img src=x onerror=alert(2)>](https://example.com/a) [**bold** `code`](https://example.com/b 'a\\' onclick=alert(3)')\n\nTitles done.\n",
    ),
    expect: { replyShows: ["Titles:", "Titles done."] },
  },
  {
    id: "md-control-characters",
    class: "markdown",
    title: "C0 and C1 controls, DEL, line and paragraph separators, BOM in prose and links",
    steps: reply(
      "Controls: a\u0001b\u0002c\u0007d\u0008e\u000bf\u000cg\u001bh\u007fi\u0085j\u2028k\u2029l\ufeffm ",
      "[ctrl](https://example.com/\u0007x) [c1](java\u0085script:alert(1))\n\nControls done.\n",
    ),
    expect: { replyShows: ["Controls:", "Controls done."] },
  },
  {
    id: "md-bidi-zero-width",
    class: "markdown",
    title: "bidi overrides and zero-width characters that disguise links",
    steps: reply(
      "Bidi: [https://example.com/safe](https://tracker.example.test/\u202egnp.exe) ",
      "[zw](java\u200bscript:alert(1)) [zwj](https://exa\u200dmple.com/) \u202eoverride\u202c \u2066isolate\u2069 [rlo](\u202ejavascript:alert(2))\n\nBidi done.\n",
    ),
    expect: { replyShows: ["Bidi:", "Bidi done."] },
  },
  {
    id: "md-nul",
    class: "markdown",
    title: "a NUL character in the prose",
    steps: reply("Before the NUL\u0000after the NUL, and the reply goes on.\n"),
    expect: { replyShows: ["Before the NUL", "after the NUL, and the reply goes on."] },
    dependsOn: "(3) a NUL character in the streamed text loses the reply",
  },
  {
    id: "md-deep-quotes",
    class: "markdown",
    title: `block quotes nested ${DEEP} deep`,
    steps: reply("Deep quotes follow.\n\n", repeat("> ", DEEP), "bottom of the quotes\n\nAfter the quotes.\n"),
    expect: { replyShows: ["Deep quotes follow."] },
    ownChat: true,
    dependsOn: "(2) deeply nested Markdown kills the chat",
  },
  {
    id: "md-deep-lists",
    class: "markdown",
    title: `list items nested ${DEEP} deep`,
    steps: reply("Deep lists follow.\n\n", repeat("- ", DEEP), "bottom of the lists\n\nAfter the lists.\n"),
    expect: { replyShows: ["Deep lists follow."] },
    ownChat: true,
    dependsOn: "(2) deeply nested Markdown kills the chat",
  },
  {
    id: "md-deep-brackets",
    class: "markdown",
    title: "10,000 open brackets and parentheses: links inside links inside links",
    steps: reply("Deep brackets follow.\n\n", repeat("[", 10_000), "x", repeat("](https://example.com/)", 2_000), repeat("(", 5_000), "\n\nAfter the brackets.\n"),
    expect: { replyShows: ["Deep brackets follow."] },
    ownChat: true,
    dependsOn: "(2) deeply nested Markdown kills the chat",
  },
  {
    id: "md-deep-emphasis",
    class: "markdown",
    title: "emphasis delimiters nested 5,000 deep",
    steps: reply("Deep emphasis follows.\n\n", repeat("*_", DEEP), "x", repeat("_*", DEEP), "\n\n", repeat("**", DEEP), "y", repeat("**", DEEP), "\n\nAfter the emphasis.\n"),
    expect: { replyShows: ["Deep emphasis follows."] },
    ownChat: true,
    dependsOn: "(2) deeply nested Markdown kills the chat",
  },
  {
    id: "md-deep-mixed",
    class: "markdown",
    title: "quotes, lists and ordered lists alternating 3,000 deep",
    steps: reply("Mixed nesting follows.\n\n", repeat("> - 1. ", 3_000), "bottom\n\nAfter the mixed nesting.\n"),
    expect: { replyShows: ["Mixed nesting follows."] },
    ownChat: true,
    dependsOn: "(2) deeply nested Markdown kills the chat",
  },
];
