import type { PdfA3 } from '../pdf/render-pool';

/*
 * What makes a PDF/A-3b a Factur-X: the CII XML embedded as `factur-x.xml` (relationship Data, text/xml), and XMP
 * properties in the Factur-X namespace saying so. PDF/A only accepts XMP properties outside its predefined schemas
 * when the file describes them itself, hence the pdfaExtension block. The namespace URI is the one of Factur-X 1.0
 * (its mixed case and trailing '#' are significant); the conformance level names the profile of the XML.
 */

export const FACTURX_FILE_NAME = 'factur-x.xml';
export const FACTURX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
export const FACTURX_CONFORMANCE = 'EN 16931';

const property = (name: string, description: string) => `
              <rdf:li rdf:parseType="Resource">
                <pdfaProperty:name>${name}</pdfaProperty:name>
                <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                <pdfaProperty:category>external</pdfaProperty:category>
                <pdfaProperty:description>${description}</pdfaProperty:description>
              </rdf:li>`;

/** The Factur-X XMP: the extension schema describing the `fx` properties, then their values. */
export const FACTURX_XMP = `
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FACTURX_NAMESPACE}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${property('DocumentFileName', 'The name of the embedded XML document')}${property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')}${property('Version', 'The actual version of the standard applying to the embedded XML document')}${property('ConformanceLevel', 'The conformance level of the embedded XML document')}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:fx="${FACTURX_NAMESPACE}">
          <fx:DocumentType>INVOICE</fx:DocumentType>
          <fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName>
          <fx:Version>1.0</fx:Version>
          <fx:ConformanceLevel>${FACTURX_CONFORMANCE}</fx:ConformanceLevel>
        </rdf:Description>`;

/** The PDF/A-3 attachment and XMP of a Factur-X invoice or credit note (DocumentType is INVOICE for both). */
export function facturXPdfA3(xml: string, documentNumber?: string): PdfA3 {
  return {
    file: {
      name: FACTURX_FILE_NAME,
      data: xml,
      mimeType: 'text/xml',
      relationship: 'Data',
      description: documentNumber ? `Factur-X ${documentNumber}` : 'Factur-X',
    },
    xmp: FACTURX_XMP,
  };
}
