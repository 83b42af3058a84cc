import { z } from 'zod';
import { isoDateTime, optionalText, str } from './fields';

/*
 * The lifecycle of an invoice exchanged through a French approved platform (PA): the statuses of the CDAR
 * "Flux 6" messages (UN/CEFACT D22B), their French and English names, which of them a buyer's user may send on a
 * received invoice, and the closed list of reasons (MDT-113) with the statuses each may explain. The lists follow
 * the FNFE-MPE's BR-FR-CDV schematron 1.4.0 (rules BR-FR-CDV-15 and BR-FR-CDV-CL-09), which a PA applies: a
 * status message that breaks them is refused.
 */

export const LIFECYCLE_CODES = [
  '200',
  '201',
  '202',
  '203',
  '204',
  '205',
  '206',
  '207',
  '208',
  '209',
  '210',
  '211',
  '212',
  '213',
] as const;
export const ZLifecycleCode = z.enum(LIFECYCLE_CODES);
export type TLifecycleCode = z.infer<typeof ZLifecycleCode>;

type Label = { fr: string; en: string };

/** The statuses' names as the French specification writes them, and in English. */
export const LIFECYCLE_LABELS: Record<TLifecycleCode, Label> = {
  '200': { fr: 'Déposée', en: 'Deposited' },
  '201': { fr: 'Émise', en: 'Issued' },
  '202': { fr: 'Reçue', en: 'Received' },
  '203': { fr: 'Mise à disposition', en: 'Made available' },
  '204': { fr: 'Prise en charge', en: 'In hand' },
  '205': { fr: 'Approuvée', en: 'Approved' },
  '206': { fr: 'Approuvée partiellement', en: 'Partially approved' },
  '207': { fr: 'En litige', en: 'Disputed' },
  '208': { fr: 'Suspendue', en: 'Suspended' },
  '209': { fr: 'Complétée', en: 'Completed' },
  '210': { fr: 'Refusée', en: 'Refused' },
  '211': { fr: 'Paiement transmis', en: 'Payment sent' },
  '212': { fr: 'Encaissée', en: 'Payment received' },
  '213': { fr: 'Rejetée', en: 'Rejected' },
};

export type TLifecycleLanguage = keyof Label;
export const lifecycleLabel = (code: TLifecycleCode, language: TLifecycleLanguage = 'fr'): string =>
  LIFECYCLE_LABELS[code][language];

/**
 * What the buyer's user may send on a received invoice: taken in hand, approved (in whole or in part), disputed,
 * suspended, refused, payment sent. The platforms send 200–203 and 213; the seller sends 209 and 212.
 */
export const USER_LIFECYCLE_CODES = ['204', '205', '206', '207', '208', '210', '211'] as const;
export type TUserLifecycleCode = (typeof USER_LIFECYCLE_CODES)[number];
export const isUserLifecycleCode = (code: string): code is TUserLifecycleCode =>
  (USER_LIFECYCLE_CODES as readonly string[]).includes(code);

/** The closed list of reasons (MDT-113, BR-FR-CDV-CL-09), in the schematron's order. */
export const LIFECYCLE_REASON_CODES = [
  'RETRAIT_MAN_SERV',
  'ST_CT_NON_DECLAR',
  'SUPPR_COMP_AVOIR',
  'TRANSF_PMNT_REGIE',
  'CONTACT_ACHTR',
  'NON_TRANSMISE',
  'JUSTIF_ABS',
  'ROUTAGE_ERR',
  'AUTRE',
  'COORD_BANC_ERR',
  'TX_TVA_ERR',
  'MONTANTTOTAL_ERR',
  'CALCUL_ERR',
  'NON_CONFORME',
  'DOUBLON',
  'DEST_INC',
  'DEST_ERR',
  'TRANSAC_INC',
  'EMMET_INC',
  'CONTRAT_TERM',
  'DOUBLE_FACT',
  'CMD_ERR',
  'ADR_ERR',
  'SIRET_ERR',
  'CODE_ROUTAGE_ERR',
  'REF_CT_ABSENT',
  'REF_ERR',
  'PU_ERR',
  'REM_ERR',
  'QTE_ERR',
  'ART_ERR',
  'MODPAI_ERR',
  'QUALITE_ERR',
  'LIVR_INCOMP',
  'REJ_SEMAN',
  'REJ_UNI',
  'REJ_COH',
  'REJ_ADR',
  'REJ_CONT_B2G',
  'REJ_REF_PJ',
  'REJ_ASS_PJ',
  'IRR_VIDE_F',
  'IRR_TYPE_F',
  'IRR_SYNTAX',
  'IRR_TAILLE_PJ',
  'IRR_NOM_PJ',
  'IRR_VID_PJ',
  'IRR_EXT_DOC',
  'IRR_TAILLE_F',
  'IRR_ANTIVIRUS',
  'IRR_NOM_F',
] as const;
export const ZLifecycleReasonCode = z.enum(LIFECYCLE_REASON_CODES);
export type TLifecycleReasonCode = z.infer<typeof ZLifecycleReasonCode>;

/** Each reason's name (the French one after the AFNOR XP Z12-012 list of reasons). */
export const LIFECYCLE_REASONS: Record<TLifecycleReasonCode, Label> = {
  RETRAIT_MAN_SERV: { fr: 'Retrait du service fait', en: 'Service-rendered certification withdrawn' },
  ST_CT_NON_DECLAR: { fr: 'Sous-traitant non déclaré', en: 'Undeclared subcontractor' },
  SUPPR_COMP_AVOIR: { fr: 'Suppression compensée par un avoir', en: 'Cancelled against a credit note' },
  TRANSF_PMNT_REGIE: { fr: 'Paiement transféré à une régie', en: 'Payment transferred to a public cashier' },
  CONTACT_ACHTR: { fr: "Contacter l'acheteur", en: 'Contact the buyer' },
  NON_TRANSMISE: { fr: 'Destinataire non connecté', en: 'Recipient not connected' },
  JUSTIF_ABS: { fr: 'Justificatif absent ou insuffisant', en: 'Supporting document missing or insufficient' },
  ROUTAGE_ERR: { fr: 'Erreur de routage', en: 'Routing error' },
  AUTRE: { fr: 'Autre', en: 'Other' },
  COORD_BANC_ERR: { fr: 'Coordonnées bancaires erronées', en: 'Wrong bank details' },
  TX_TVA_ERR: { fr: 'Taux de TVA erroné', en: 'Wrong VAT rate' },
  MONTANTTOTAL_ERR: { fr: 'Montant total erroné', en: 'Wrong total amount' },
  CALCUL_ERR: { fr: 'Erreur de calcul de la facture', en: 'Calculation error in the invoice' },
  NON_CONFORME: { fr: 'Mention légale manquante', en: 'Missing legal mention' },
  DOUBLON: { fr: 'Facture en doublon (déjà émise ou reçue)', en: 'Duplicate invoice (already issued or received)' },
  DEST_INC: { fr: 'Destinataire inconnu', en: 'Unknown recipient' },
  DEST_ERR: { fr: 'Erreur de destinataire', en: 'Wrong recipient' },
  TRANSAC_INC: { fr: 'Transaction inconnue', en: 'Unknown transaction' },
  EMMET_INC: { fr: 'Émetteur inconnu', en: 'Unknown issuer' },
  CONTRAT_TERM: { fr: 'Contrat terminé', en: 'Contract ended' },
  DOUBLE_FACT: { fr: 'Double facturation', en: 'Invoiced twice' },
  CMD_ERR: { fr: 'N° de commande incorrect ou manquant', en: 'Purchase order number wrong or missing' },
  ADR_ERR: { fr: 'Adresse de facturation électronique erronée', en: 'Wrong electronic invoicing address' },
  SIRET_ERR: { fr: 'SIRET erroné ou absent', en: 'SIRET wrong or missing' },
  CODE_ROUTAGE_ERR: { fr: 'Code routage absent ou erroné', en: 'Routing code missing or wrong' },
  REF_CT_ABSENT: { fr: 'Référence contractuelle manquante', en: 'Contract reference missing' },
  REF_ERR: { fr: 'Référence incorrecte', en: 'Wrong reference' },
  PU_ERR: { fr: 'Prix unitaires incorrects', en: 'Wrong unit prices' },
  REM_ERR: { fr: 'Remise erronée', en: 'Wrong discount' },
  QTE_ERR: { fr: 'Quantité facturée incorrecte', en: 'Wrong quantity invoiced' },
  ART_ERR: { fr: 'Article facturé incorrect', en: 'Wrong item invoiced' },
  MODPAI_ERR: { fr: 'Modalités de paiement incorrectes', en: 'Wrong payment terms' },
  QUALITE_ERR: { fr: "Qualité d'article livré incorrecte", en: 'Delivered item of wrong quality' },
  LIVR_INCOMP: { fr: 'Problème de livraison', en: 'Delivery problem' },
  REJ_SEMAN: { fr: 'Rejet pour erreur sémantique', en: 'Rejected: semantic error' },
  REJ_UNI: { fr: "Rejet sur contrôle d'unicité", en: 'Rejected: uniqueness check' },
  REJ_COH: { fr: 'Rejet sur contrôle de cohérence des données', en: 'Rejected: data consistency check' },
  REJ_ADR: { fr: "Rejet sur contrôle d'adressage", en: 'Rejected: addressing check' },
  REJ_CONT_B2G: { fr: 'Rejet sur contrôles métier B2G', en: 'Rejected: public-sector (B2G) checks' },
  REJ_REF_PJ: { fr: 'Rejet sur référence de pièce jointe', en: 'Rejected: attachment reference' },
  REJ_ASS_PJ: { fr: "Rejet sur erreur d'association de pièce jointe", en: 'Rejected: attachment association error' },
  IRR_VIDE_F: { fr: 'Fichier du flux vide', en: 'Empty file in the flow' },
  IRR_TYPE_F: { fr: 'Type ou extension de fichier du flux refusé', en: 'File type or extension refused' },
  IRR_SYNTAX: { fr: 'Erreur de syntaxe dans un fichier du flux', en: 'Syntax error in a file of the flow' },
  IRR_TAILLE_PJ: { fr: 'Pièce jointe trop volumineuse', en: 'Attachment too large' },
  IRR_NOM_PJ: { fr: 'Nom de pièce jointe non conforme', en: 'Attachment name not allowed' },
  IRR_VID_PJ: { fr: 'Pièce jointe vide', en: 'Empty attachment' },
  IRR_EXT_DOC: { fr: 'Extension de pièce jointe refusée', en: 'Attachment extension refused' },
  IRR_TAILLE_F: { fr: 'Fichier du flux trop volumineux', en: 'File of the flow too large' },
  IRR_ANTIVIRUS: { fr: 'Contrôle antivirus non satisfait', en: 'Antivirus check failed' },
  IRR_NOM_F: { fr: 'Nom de fichier du flux non conforme', en: 'File name not allowed' },
};

export const lifecycleReasonLabel = (reason: TLifecycleReasonCode, language: TLifecycleLanguage = 'fr'): string =>
  LIFECYCLE_REASONS[reason][language];

/**
 * The reasons each status allows (BR-FR-CDV-CL-09); a status not listed takes no reason. 210 is the list for
 * businesses (B2B): a public buyer (B2G) has a longer one, which Tagstock does not send.
 */
export const LIFECYCLE_REASONS_BY_CODE: Partial<Record<TLifecycleCode, readonly TLifecycleReasonCode[]>> = {
  '200': ['NON_TRANSMISE'],
  '206': [
    'AUTRE',
    'CMD_ERR',
    'SIRET_ERR',
    'CODE_ROUTAGE_ERR',
    'REF_CT_ABSENT',
    'REF_ERR',
    'PU_ERR',
    'REM_ERR',
    'QTE_ERR',
    'ART_ERR',
    'MODPAI_ERR',
    'QUALITE_ERR',
    'LIVR_INCOMP',
  ],
  '207': [
    'AUTRE',
    'COORD_BANC_ERR',
    'TX_TVA_ERR',
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'NON_CONFORME',
    'DOUBLON',
    'DEST_INC',
    'DEST_ERR',
    'TRANSAC_INC',
    'EMMET_INC',
    'CONTRAT_TERM',
    'DOUBLE_FACT',
    'CMD_ERR',
    'ADR_ERR',
    'SIRET_ERR',
    'CODE_ROUTAGE_ERR',
    'REF_CT_ABSENT',
    'REF_ERR',
    'PU_ERR',
    'REM_ERR',
    'QTE_ERR',
    'ART_ERR',
    'MODPAI_ERR',
    'QUALITE_ERR',
    'LIVR_INCOMP',
  ],
  '208': ['JUSTIF_ABS', 'COORD_BANC_ERR', 'CMD_ERR', 'SIRET_ERR', 'CODE_ROUTAGE_ERR', 'REF_CT_ABSENT', 'REF_ERR'],
  '210': [
    'TX_TVA_ERR',
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'NON_CONFORME',
    'DOUBLON',
    'DEST_ERR',
    'TRANSAC_INC',
    'EMMET_INC',
    'CONTRAT_TERM',
    'DOUBLE_FACT',
    'CMD_ERR',
    'ADR_ERR',
    'REF_CT_ABSENT',
  ],
  '213': [
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'DOUBLON',
    'DEST_INC',
    'ADR_ERR',
    'REJ_SEMAN',
    'REJ_UNI',
    'REJ_COH',
    'REJ_ADR',
    'REJ_CONT_B2G',
    'REJ_REF_PJ',
    'REJ_ASS_PJ',
  ],
};

/** The statuses a reason must explain (BR-FR-CDV-15): partially approved, disputed, suspended, refused, rejected. */
export const LIFECYCLE_CODES_REQUIRING_REASON: readonly TLifecycleCode[] = ['206', '207', '208', '210', '213'];
export const lifecycleReasonRequired = (code: TLifecycleCode): boolean =>
  LIFECYCLE_CODES_REQUIRING_REASON.includes(code);
/** The reasons a status allows (none for a status that takes no reason). */
export const lifecycleReasonsFor = (code: TLifecycleCode): readonly TLifecycleReasonCode[] =>
  LIFECYCLE_REASONS_BY_CODE[code] ?? [];

export const LIFECYCLE_NOTE_MAX = 1000;
/** Longest reason code kept from a platform's message (ours are at most 17 characters). */
export const LIFECYCLE_REASON_MAX = 50;

export const LIFECYCLE_SOURCES = ['platform', 'user'] as const;
export const ZLifecycleSource = z.enum(LIFECYCLE_SOURCES);
export type TLifecycleSource = z.infer<typeof ZLifecycleSource>;

/**
 * One status in an invoice's history, oldest first. `label` is the status's name in the reader's language;
 * `reasonCode` is kept as the platform sent it (a platform may use a code agreed outside the closed list).
 */
export const ZLifecycleEvent = z.object({
  code: ZLifecycleCode,
  label: z.string().max(100),
  at: isoDateTime(),
  source: ZLifecycleSource,
  reasonCode: str().max(LIFECYCLE_REASON_MAX).nullish(),
  note: str().max(LIFECYCLE_NOTE_MAX).nullish(),
  /** A 213 about another submission of the same invoice: shown, never its current status. */
  duplicate: z.boolean().optional(),
});
export type TLifecycleEvent = z.infer<typeof ZLifecycleEvent>;
export const ZLifecycleEvents = z.array(ZLifecycleEvent);

/**
 * A status the buyer's user sends on a received invoice. Refused (400): a status a buyer may not send, a
 * missing reason where one is required, a reason the status does not allow.
 */
export const ZLifecycleSend = z
  .strictObject({
    code: ZLifecycleCode,
    reasonCode: ZLifecycleReasonCode.nullish().transform((v) => v ?? null),
    note: optionalText(LIFECYCLE_NOTE_MAX),
  })
  .superRefine((v, ctx) => {
    if (!isUserLifecycleCode(v.code)) {
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: `not a status a buyer sends (only ${USER_LIFECYCLE_CODES.join(', ')})`,
        params: { code: 'invalid_choice' },
      });
      return;
    }
    const allowed = lifecycleReasonsFor(v.code);
    if (v.reasonCode === null) {
      if (lifecycleReasonRequired(v.code))
        ctx.addIssue({
          code: 'custom',
          path: ['reasonCode'],
          // The API reads `is required` as the field error `required`.
          message: 'a reason is required',
          params: { code: 'required' },
        });
    } else if (!allowed.includes(v.reasonCode))
      ctx.addIssue({
        code: 'custom',
        path: ['reasonCode'],
        message: allowed.length
          ? `status ${v.code} allows only ${allowed.join(', ')}`
          : `status ${v.code} takes no reason`,
        params: { code: 'invalid_choice' },
      });
  });
export type TLifecycleSend = z.infer<typeof ZLifecycleSend>;
export type TLifecycleSendInput = z.input<typeof ZLifecycleSend>;
