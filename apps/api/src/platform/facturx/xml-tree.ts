import { SaxesParser, type SaxesTagNS } from 'saxes';

/*
 * The element tree of an e-invoicing document we read (a CII invoice, a CDAR status), namespaces resolved, within
 * bounds that only stop a hostile file: no DTD, no entity beyond XML's own five, a cap on elements, depth and text.
 */

export type XmlElement = {
  ns: string;
  local: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlElement[];
};

export type XmlBounds = { maxElements: number; maxDepth: number; maxText: number };

/** Why a text is not read: a DOCTYPE, beyond the bounds, not well-formed XML, or no root element. */
export type XmlRefusal = 'doctype' | 'too_large' | 'malformed' | 'empty';

/** Reads `xml` (a byte order mark before the declaration is dropped); a refusal is thrown as `refuse` makes it. */
export function parseXmlTree(
  xml: string,
  bounds: XmlBounds,
  refuse: (why: XmlRefusal, message: string) => Error,
): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let count = 0;
  let refusal: Error | undefined;
  const stop = (why: XmlRefusal, message: string) => {
    refusal = refuse(why, message);
    throw refusal;
  };
  parser.on('doctype', () => stop('doctype', 'A DOCTYPE is not allowed'));
  parser.on('opentag', (tag: SaxesTagNS) => {
    count += 1;
    if (count > bounds.maxElements) stop('too_large', `More than ${bounds.maxElements} XML elements`);
    if (stack.length >= bounds.maxDepth) stop('too_large', `XML nested deeper than ${bounds.maxDepth}`);
    const attrs: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) if (!a.uri) attrs[a.local] = a.value;
    const element: XmlElement = { ns: tag.uri, local: tag.local, attrs, text: '', children: [] };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  const addText = (t: string) => {
    const current = stack.at(-1);
    // Only the text of leaves matters; capped so that one huge text node cannot fill the memory.
    if (current && current.text.length < bounds.maxText)
      current.text += t.slice(0, bounds.maxText - current.text.length);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => void stack.pop());
  try {
    parser.write(xml.replace(/^\uFEFF/, '')).close();
  } catch (err) {
    if (refusal && err === refusal) throw err;
    throw refuse('malformed', `The XML is not well-formed: ${(err as Error).message.slice(0, 200)}`);
  }
  if (!root) throw refuse('empty', 'The XML has no root element');
  return root;
}
