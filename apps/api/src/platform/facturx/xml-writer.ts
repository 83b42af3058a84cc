/*
 * The XML the e-invoicing documents are written as (CII invoices, CDAR statuses): a tree of elements, optional terms
 * left out when empty, text escaped, serialized indented with its declaration.
 */

export type XmlNode = { name: string; attrs?: Record<string, string>; text?: string; children?: XmlChild[] };
export type XmlChild = XmlNode | null | undefined | false | '';

export const el = (name: string, ...children: XmlChild[]): XmlNode => ({ name, children });
/** An element holding text; none at all when the value is empty, so optional terms simply disappear. */
export const text = (name: string, value: string | null | undefined, attrs?: Record<string, string>): XmlNode | null =>
  value === null || value === undefined || value.trim() === '' ? null : { name, attrs, text: value };

// Characters XML 1.0 cannot carry at all (controls other than tab and line breaks, lone surrogates, U+FFFE/F)
// are dropped rather than producing a document no one can parse.
const NOT_XML = new RegExp(
  // eslint-disable-next-line no-control-regex -- finding these characters is the point
  '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]',
  'g',
);
const escape = (value: string) =>
  value
    .replace(NOT_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

function serialize(node: XmlNode, depth: number, out: string[]) {
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(node.attrs ?? {})
    .map(([k, v]) => ` ${k}="${escape(v)}"`)
    .join('');
  if (node.text !== undefined) {
    out.push(`${pad}<${node.name}${attrs}>${escape(node.text)}</${node.name}>`);
    return;
  }
  const children = (node.children ?? []).filter((c): c is XmlNode => !!c);
  if (!children.length) {
    out.push(`${pad}<${node.name}${attrs}/>`);
    return;
  }
  out.push(`${pad}<${node.name}${attrs}>`);
  for (const child of children) serialize(child, depth + 1, out);
  out.push(`${pad}</${node.name}>`);
}

/** The document, with its XML declaration, UTF-8. */
export function xmlDocument(root: XmlNode): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  serialize(root, 0, out);
  return out.join('\n') + '\n';
}
