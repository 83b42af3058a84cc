/**
 * What each exported table and column means, in French and English, for the export's README. A column is
 * described by its table's own entry, else by the shared entry of its name; the export test fails on a table or a
 * column described by neither, so a new one is documented when it is added.
 */

export type Meaning = readonly [fr: string, en: string];

/** Columns of the same name and meaning in several tables. */
export const SHARED_COLUMNS: Record<string, Meaning> = {
  id: ['Identifiant de la ligne', 'Row identifier'],
  tenant_id: ['Identifiant de l’entreprise cliente (IDClient)', 'Client company identifier (IDClient)'],
  created_at: ['Date et heure de création', 'Created at'],
  updated_at: ['Date et heure de dernière modification', 'Last changed at'],
  name: ['Nom', 'Name'],
  email: ['Adresse e-mail', 'Email address'],
  phone: ['Téléphone', 'Phone'],
  contact: ['Personne à contacter', 'Contact person'],
  address: ['Adresse', 'Address'],
  postcode: ['Code postal', 'Postcode'],
  city: ['Ville', 'City'],
  country: ['Pays', 'Country'],
  vat_number: ['Numéro de TVA intracommunautaire', 'VAT number'],
  siren: ['SIREN', 'SIREN (French company number)'],
  parent_company: ['Société mère', 'Parent company'],
  description: ['Description', 'Description'],
  note: ['Note', 'Note'],
  notes: ['Notes', 'Notes'],
  label: ['Libellé', 'Label'],
  kind: ['Type', 'Kind'],
  nature: ['Nature : bien ou service', 'Nature: goods or service'],
  language: ['Langue (fr, en)', 'Language (fr, en)'],
  location: ['Emplacement', 'Location'],
  status: ['Statut', 'Status'],
  number: ['Numéro du document', 'Document number'],
  active: ['Actif', 'Active'],
  role_id: ['Rôle (roles.id)', 'Role (roles.id)'],
  user_id: ['Utilisateur (users.id)', 'User (users.id)'],
  created_by: ['Créé par (users.id)', 'Created by (users.id)'],
  article_id: ['Article (articles.id)', 'Article (articles.id)'],
  category_id: ['Catégorie (categories.id)', 'Category (categories.id)'],
  supplier_id: ['Fournisseur (suppliers.id)', 'Supplier (suppliers.id)'],
  customer_id: ['Client (customers.id)', 'Customer (customers.id)'],
  consumer_id: ['Consommateur (consumers.id)', 'Consumer (consumers.id)'],
  reason_id: ['Motif (reasons.id)', 'Reason (reasons.id)'],
  tag_id: ['Tag RFID (tags.id)', 'RFID tag (tags.id)'],
  family_id: ['Famille de tags (tag_families.id)', 'Tag family (tag_families.id)'],
  reader_id: ['Lecteur RFID (readers.id)', 'RFID reader (readers.id)'],
  terminal_id: ['Terminal portable (terminals.id)', 'Handheld terminal (terminals.id)'],
  payment_mode_id: ['Mode de règlement (payment_modes.id)', 'Payment mode (payment_modes.id)'],
  payment_id: ['Règlement (payments.id)', 'Payment (payments.id)'],
  invoice_id: ['Facture (invoices.id)', 'Invoice (invoices.id)'],
  credit_note_id: ['Avoir (credit_notes.id)', 'Credit note (credit_notes.id)'],
  proforma_id: ['Proforma (proformas.id)', 'Proforma (proformas.id)'],
  output_id: ['Sortie de stock (outputs.id)', 'Stock output (outputs.id)'],
  epc: ['EPC du tag RFID (hexadécimal)', 'RFID tag EPC (hexadecimal)'],
  antenna: ['Antenne du lecteur', 'Reader antenna'],
  last_seen_at: ['Dernière lecture', 'Last read at'],
  theoretical: ['Stock théorique', 'Theoretical stock'],
  counted: ['Quantité comptée', 'Counted quantity'],
  gap: ['Écart (compté − théorique)', 'Gap (counted − theoretical)'],
  gap_value: ['Écart en valeur (au coût)', 'Gap value (at cost)'],
  tags_expected: ['Tags attendus', 'Tags expected'],
  tags_found: ['Tags trouvés', 'Tags found'],
  tags_missing: ['Tags manquants', 'Tags missing'],
  tags_unexpected: ['Tags inattendus', 'Unexpected tags'],
  start_date: ['Date de début', 'Start date'],
  end_date: ['Date de fin', 'End date'],
  reference: ['Référence article', 'Article reference'],
  designation: ['Désignation', 'Designation'],
  quantity: ['Quantité', 'Quantity'],
  unit_price: ['Prix unitaire HT', 'Unit price excluding VAT'],
  vat_rate: ['Taux de TVA (%)', 'VAT rate (%)'],
  vat_exemption: ['Motif d’exonération de TVA par défaut (code VATEX)', 'Default VAT exemption reason (VATEX code)'],
  electronic_address: ['Adresse de facturation électronique', 'Electronic invoicing address'],
  delivery_address: ['Adresse de livraison', 'Delivery address'],
  position: ['Rang de la ligne dans le document', 'Line position in the document'],
  discount: ['Remise', 'Discount'],
  vat_category: ['Catégorie de TVA EN 16931 (S, Z, E, AE, K, G, O)', 'EN 16931 VAT category (S, Z, E, AE, K, G, O)'],
  vat_exemption_code: ['Code d’exonération de TVA (VATEX)', 'VAT exemption code (VATEX)'],
  vat_exemption_text: ['Motif d’exonération de TVA', 'VAT exemption reason'],
  net_amount: ['Montant net HT de la ligne', 'Line net amount excluding VAT'],
  total_net: ['Total HT', 'Total excluding VAT'],
  total_vat: ['Total TVA', 'Total VAT'],
  total_gross: ['Total TTC', 'Total including VAT'],
  line_total: ['Somme des lignes HT, avant remise globale', 'Sum of the lines excluding VAT, before the discount'],
  allowance_total: ['Remise globale HT', 'Document discount excluding VAT'],
  vat_breakdown: ['Ventilation de la TVA par taux (JSON)', 'VAT breakdown by rate (JSON)'],
  line_count: ['Nombre de lignes', 'Number of lines'],
  billing_mode: [
    'Cadre de facturation (B1 biens, S1 services, M1 mixte)',
    'Billing mode (B1 goods, S1 services, M1 both)',
  ],
  issued_at: ['Date et heure d’émission', 'Issued at'],
  due_date: ['Date d’échéance', 'Due date'],
  order_date: ['Date de commande', 'Order date'],
  order_id: ['Commande (id de la commande du document)', 'Order (the document’s order id)'],
  epc_count: ['Nombre d’EPC', 'Number of EPCs'],
  amount: ['Montant', 'Amount'],
  sha256: ['Empreinte SHA-256 du fichier', 'SHA-256 digest of the file'],
};

/** Each table: what it holds, and the columns whose meaning is its own. */
export const TABLES: Record<string, { meaning: Meaning; columns?: Record<string, Meaning> }> = {
  tenants: {
    meaning: ['L’entreprise cliente', 'The client company'],
    columns: {
      disabled_at: [
        'Désactivée le (par la plateforme ; vide : active)',
        'Disabled at (by the platform; empty: active)',
      ],
    },
  },
  roles: { meaning: ['Rôles des utilisateurs', 'User roles'] },
  role_permissions: {
    meaning: ['Permissions de chaque rôle', 'Permissions of each role'],
    columns: {
      permission: ['Permission (ressource.read / ressource.write)', 'Permission (resource.read / resource.write)'],
    },
  },
  users: {
    meaning: ['Utilisateurs (sans mot de passe)', 'Users (without password)'],
    columns: {
      app_type: ['Applications autorisées (Web, Mobile, All)', 'Allowed applications (Web, Mobile, All)'],
      rb: ['Super administrateur de la plateforme', 'Platform super admin'],
      disabled_at: ['Désactivé le', 'Disabled at'],
    },
  },
  activity_log: {
    meaning: ['Journal d’activité : qui a changé quoi, quand', 'Activity log: who changed what, when'],
    columns: {
      entity: ['Type d’objet concerné', 'Kind of record'],
      entity_id: ['Identifiant de l’objet concerné', 'Record identifier'],
      action: ['Action', 'Action'],
      summary: ['Résumé', 'Summary'],
      changes: ['Changements : champ, avant, après (JSON)', 'Changes: field, before, after (JSON)'],
    },
  },
  suppliers: { meaning: ['Fournisseurs', 'Suppliers'] },
  categories: { meaning: ['Catégories d’articles', 'Article categories'] },
  reasons: {
    meaning: ['Motifs de mouvements de stock', 'Stock movement reasons'],
    columns: { kind: ['Sens du motif (entrée, sortie…)', 'Reason kind (in, out…)'] },
  },
  customer_groups: { meaning: ['Groupes de clients', 'Customer groups'] },
  customers: {
    meaning: ['Clients', 'Customers'],
    columns: {
      customer_category: ['Catégorie du client', 'Customer category'],
      group_id: ['Groupe de clients (customer_groups.id)', 'Customer group (customer_groups.id)'],
      delivery_postcode: ['Code postal de livraison', 'Delivery postcode'],
      delivery_city: ['Ville de livraison', 'Delivery city'],
      delivery_country: ['Pays de livraison', 'Delivery country'],
      kind: ['Entreprise ou particulier', 'Company or person'],
    },
  },
  article_images: {
    meaning: [
      'Images des articles (fichiers dans files/article-images/)',
      'Article images (files in files/article-images/)',
    ],
    columns: { mime: ['Type du fichier image', 'Image file type'] },
  },
  article_lots: {
    meaning: ['Lots d’articles et leurs dates limites (DLC)', 'Article lots and their expiry dates'],
    columns: {
      lot_number: ['Numéro de lot', 'Lot number'],
      expiry_date: ['Date limite de consommation', 'Expiry date'],
    },
  },
  articles: {
    meaning: ['Articles', 'Articles'],
    columns: {
      reference: ['Référence', 'Reference'],
      size: ['Taille', 'Size'],
      quantity: ['Quantité en stock', 'Quantity in stock'],
      price_ht: ['Prix de vente HT', 'Sale price excluding VAT'],
      price_ttc: ['Prix de vente TTC', 'Sale price including VAT'],
      unit_price: ['Prix d’achat unitaire HT', 'Unit purchase price excluding VAT'],
      stock_alert: ['Seuil d’alerte de stock', 'Stock alert threshold'],
      stock_tag: ['Étiquette de stock', 'Stock tag'],
    },
  },
  stock_movements: {
    meaning: ['Mouvements de stock', 'Stock movements'],
    columns: {
      delta: ['Variation de quantité', 'Quantity change'],
      quantity_after: ['Quantité après le mouvement', 'Quantity after the movement'],
      reason_code: ['Code du motif', 'Reason code'],
      source_type: ['Origine du mouvement (réception, livraison, RFID…)', 'Movement source (receipt, delivery, RFID…)'],
      source_id: ['Identifiant de l’origine', 'Source identifier'],
    },
  },
  attributions: {
    meaning: ['Attributions d’articles à des consommateurs', 'Articles attributed to consumers'],
  },
  category_attributions: {
    meaning: ['Attributions de catégories à des consommateurs', 'Categories attributed to consumers'],
  },
  consumers: { meaning: ['Consommateurs (personnes, services…)', 'Consumers (people, departments…)'] },
  handheld_sessions: {
    meaning: ['Sessions de lecture des terminaux portables', 'Handheld terminal reading sessions'],
    columns: {
      session_id: ['Identifiant de session du terminal', 'Terminal session identifier'],
      started_at: ['Début de la session', 'Session start'],
      read_count: ['Tags lus', 'Tags read'],
      known_count: ['Tags connus', 'Known tags'],
    },
  },
  ingest_events: {
    meaning: [
      'Événements de lecteurs déjà reçus (dédoublonnage, conservés peu de temps)',
      'Reader events already received (deduplication, kept for a short time)',
    ],
    columns: {
      event_key: ['Clé de l’événement', 'Event key'],
      received_at: ['Reçu le', 'Received at'],
    },
  },
  readers: {
    meaning: ['Lecteurs RFID fixes (sans leur secret)', 'Fixed RFID readers (without their secret)'],
    columns: {
      vendor: ['Fabricant (impinj, zebra)', 'Vendor (impinj, zebra)'],
      hostname: ['Nom d’hôte', 'Host name'],
      mac: ['Adresse MAC', 'MAC address'],
      role: ['Rôle (porte de sortie, stockage, réception)', 'Role (exit gate, storage, receiving)'],
      antennas: ['Antennes et leurs emplacements (JSON)', 'Antennas and their locations (JSON)'],
      heartbeat_timeout_seconds: ['Délai avant hors ligne (s)', 'Offline timeout (s)'],
      presence_window_seconds: ['Fenêtre de présence (s)', 'Presence window (s)'],
      direction_window_seconds: ['Fenêtre de direction (s)', 'Direction window (s)'],
      online: ['En ligne', 'Online'],
      last_heard_at: ['Dernier signal', 'Last heard at'],
    },
  },
  tag_families: {
    meaning: ['Familles de tags RFID', 'RFID tag families'],
    columns: {
      counts_in_stock: ['Compte dans le stock', 'Counts in stock'],
      alarm_on_exit: ['Alarme à la sortie', 'Alarm on exit'],
    },
  },
  tag_movements: {
    meaning: ['Mouvements de tags RFID', 'RFID tag movements'],
    columns: {
      event_type: ['Type d’événement (IN, OUT…)', 'Event type (IN, OUT…)'],
      rssi: ['Puissance du signal (dBm)', 'Signal strength (dBm)'],
      source: ['Source (impinj, zebra, terminal…)', 'Source (impinj, zebra, handheld…)'],
      is_authorized: ['Sortie autorisée', 'Authorized exit'],
      authorization_message: ['Message d’autorisation', 'Authorization message'],
      authorization_reason: ['Ce qui autorise la sortie (JSON)', 'What authorizes the exit (JSON)'],
      stock_delta: ['Effet sur le stock', 'Stock change'],
      seen_at: ['Lu le', 'Read at'],
    },
  },
  tag_movement_days: {
    meaning: [
      'Mouvements de tags comptés par jour (UTC), tenus à jour par la base à chaque écriture de mouvement',
      'Tag movements counted per day (UTC), kept up to date by the database at every movement written',
    ],
    columns: {
      day: ['Jour (UTC)', 'Day (UTC)'],
      slot: [
        'Compteur partiel du jour (0–15 ; le jour est leur somme)',
        'Partial counter of the day (0–15; the day is their sum)',
      ],
      in_count: ['Entrées (IN)', 'Entries (IN)'],
      out_count: ['Sorties (OUT)', 'Exits (OUT)'],
      unknown_count: ['Passages de sens inconnu', 'Passages of unknown direction'],
      seen_count: ['Lectures sans passage (seen)', 'Reads without a passage (seen)'],
      unauthorized_count: ['Sorties non autorisées', 'Unauthorized exits'],
    },
  },
  tag_presences: {
    meaning: ['Présence actuelle des tags devant les lecteurs', 'Tags currently in front of readers'],
    columns: {
      first_seen_at: ['Première lecture', 'First read at'],
      movement_id: ['Mouvement (tag_movements.id)', 'Movement (tag_movements.id)'],
    },
  },
  tags: {
    meaning: ['Tags RFID', 'RFID tags'],
    columns: {
      tid: ['TID du tag', 'Tag TID'],
      in_stock: ['En stock', 'In stock'],
      last_reader_id: ['Dernier lecteur (readers.id)', 'Last reader (readers.id)'],
      last_location: ['Dernier emplacement', 'Last location'],
    },
  },
  terminals: {
    meaning: ['Terminaux portables', 'Handheld terminals'],
    columns: {
      model: ['Modèle', 'Model'],
      imei: ['IMEI', 'IMEI'],
      manufacturer: ['Fabricant', 'Manufacturer'],
      last_sync_at: ['Dernière synchronisation', 'Last synchronized at'],
    },
  },
  document_counters: {
    meaning: ['Derniers numéros donnés par série et par année', 'Last numbers given per series and year'],
    columns: {
      series: ['Série (FA, AV, BC…)', 'Series (FA, AV, BC…)'],
      year: ['Année', 'Year'],
      last_value: ['Dernier numéro donné', 'Last number given'],
    },
  },
  issued_documents: {
    meaning: [
      'PDF conservés des factures et avoirs émis (fichiers dans documents/)',
      'Kept PDFs of issued invoices and credit notes (files in documents/)',
    ],
    columns: {
      entity: ['Type de document (invoice, credit_note)', 'Document type (invoice, credit_note)'],
      document_id: [
        'Identifiant du document (invoices.id, credit_notes.id)',
        'Document id (invoices.id, credit_notes.id)',
      ],
    },
  },
  payment_modes: {
    meaning: ['Modes de règlement', 'Payment modes'],
    columns: { code: ['Code', 'Code'] },
  },
  purchase_order_lines: {
    meaning: ['Lignes des bons de commande', 'Purchase order lines'],
    columns: {
      order_id: ['Bon de commande (purchase_orders.id)', 'Purchase order (purchase_orders.id)'],
      received_quantity: ['Quantité reçue', 'Quantity received'],
    },
  },
  purchase_orders: {
    meaning: ['Bons de commande fournisseurs', 'Purchase orders'],
    columns: {
      expected_date: ['Date de livraison prévue', 'Expected delivery date'],
      receipt_status: ['État de la réception', 'Receipt status'],
      ordered_units: ['Unités commandées', 'Units ordered'],
      received_units: ['Unités reçues', 'Units received'],
    },
  },
  purchase_receipt_lines: {
    meaning: ['Lignes des réceptions', 'Receipt lines'],
    columns: {
      receipt_id: ['Réception (purchase_receipts.id)', 'Receipt (purchase_receipts.id)'],
      order_line_id: ['Ligne de commande (purchase_order_lines.id)', 'Order line (purchase_order_lines.id)'],
    },
  },
  purchase_receipts: {
    meaning: ['Réceptions de marchandises', 'Goods receipts'],
    columns: {
      order_id: ['Bon de commande (purchase_orders.id)', 'Purchase order (purchase_orders.id)'],
      receipt_date: ['Date de réception', 'Receipt date'],
    },
  },
  purchase_reference_counts: {
    meaning: ['Références commandées et quantités (cumul)', 'References ordered and quantities (running totals)'],
    columns: { lines: ['Nombre de lignes de commande', 'Number of order lines'] },
  },
  platform_order_deliveries: {
    meaning: ['Livraisons de tags par Tagstock', 'Tag deliveries by Tagstock'],
    columns: {
      order_id: ['Commande à la plateforme (platform_orders.id)', 'Order to the platform (platform_orders.id)'],
      count: ['Nombre de tags', 'Number of tags'],
      first_epc: ['Premier EPC', 'First EPC'],
      last_epc: ['Dernier EPC', 'Last EPC'],
    },
  },
  platform_order_lines: {
    meaning: ['Lignes des commandes à Tagstock (BDC RB)', 'Lines of orders to Tagstock (BDC RB)'],
    columns: {
      order_id: ['Commande à la plateforme (platform_orders.id)', 'Order to the platform (platform_orders.id)'],
      product_id: ['Produit de la plateforme', 'Platform product'],
      kind: ['Type de produit (tags, lecteurs…)', 'Product kind (tags, readers…)'],
    },
  },
  platform_orders: {
    meaning: ['Commandes à Tagstock (BDC RB)', 'Orders to Tagstock (BDC RB)'],
    columns: { registered_tags: ['Tags enregistrés', 'Tags registered'] },
  },
  company_settings: {
    meaning: ['Paramètres de l’entreprise (logo dans files/)', 'Company settings (logo in files/)'],
    columns: {
      website: ['Site web', 'Website'],
      legal_mentions: ['Mentions légales', 'Legal mentions'],
      iban: ['IBAN', 'IBAN'],
      bic: ['BIC', 'BIC'],
      legal_form: ['Forme juridique', 'Legal form'],
      share_capital: ['Capital social', 'Share capital'],
      rcs_city: ['Ville du RCS', 'Trade register city'],
      late_penalty_rate: ['Taux des pénalités de retard (%)', 'Late payment penalty rate (%)'],
      supply_kind: ['Opérations : biens, services ou les deux', 'Supplies: goods, services or both'],
      vat_on_debits: ['Option pour la TVA sur les débits', 'VAT on debits option'],
      logo_mime: ['Type du fichier du logo', 'Logo file type'],
    },
  },
  output_lines: {
    meaning: ['Lignes des sorties de stock', 'Stock output lines'],
    columns: { epcs: ['EPC sortis (JSON)', 'EPCs taken out (JSON)'] },
  },
  output_tags: { meaning: ['Tags de chaque sortie de stock', 'Tags of each stock output'] },
  delivery_notes: {
    meaning: ['Bons de livraison', 'Delivery notes'],
    columns: {
      planned_date: ['Date de livraison prévue', 'Planned delivery date'],
      units: ['Unités', 'Units'],
      delivered_at: ['Livré le', 'Delivered at'],
    },
  },
  delivery_note_lines: {
    meaning: ['Lignes des bons de livraison', 'Delivery note lines'],
    columns: {
      delivery_note_id: ['Bon de livraison (delivery_notes.id)', 'Delivery note (delivery_notes.id)'],
      epcs: ['EPC des articles préparés', 'EPCs of the items picked'],
    },
  },
  delivery_note_exits: {
    meaning: [
      'Articles sortis par un portique sous un bon de livraison',
      'Items that left through an exit gate under a delivery note',
    ],
    columns: {
      delivery_note_id: ['Bon de livraison (delivery_notes.id)', 'Delivery note (delivery_notes.id)'],
      movement_id: ['Passage au portique (tag_movements.id)', 'Gate passage (tag_movements.id)'],
    },
  },
  inventories: {
    meaning: ['Inventaires', 'Inventories'],
    columns: {
      scope_kind: [
        'Périmètre (all, location, categories, attributions)',
        'Scope (all, location, categories, attributions)',
      ],
      scope_ids: [
        'Lecteurs, catégories ou consommateurs du périmètre (ids)',
        'Readers, categories or consumers of the scope (ids)',
      ],
      started_at: ['Commencé le', 'Started at'],
      finished_at: ['Terminé le', 'Finished at'],
      adjusted_at: ['Écarts appliqués au stock le', 'Gaps applied to the stock at'],
      counted_until: [
        'Dernier mouvement de tag pris en compte (tag_movements.id)',
        'Last tag movement counted (tag_movements.id)',
      ],
      article_count: ['Articles inventoriés', 'Articles counted'],
      missing: ['Unités manquantes', 'Units missing'],
      surplus: ['Unités en surplus', 'Units over'],
      tags_unknown: ['EPC lus liés à aucun article', 'EPCs read bound to no article'],
      missing_value: ['Valeur des unités manquantes', 'Value of the units missing'],
      surplus_value: ['Valeur des unités en surplus', 'Value of the units over'],
    },
  },
  inventory_gap_groups: {
    meaning: [
      'Écarts d’un inventaire terminé par catégorie et par attribution',
      'Gaps of a finished inventory by category and by attribution',
    ],
    columns: {
      inventory_id: ['Inventaire (inventories.id)', 'Inventory (inventories.id)'],
      grouping: ['Regroupement (category, attribution)', 'Grouping (category, attribution)'],
      key: ['Catégorie ou consommateur (id)', 'Category or consumer (id)'],
    },
  },
  inventory_lines: {
    meaning: ['Lignes des inventaires (un article chacune)', 'Inventory lines (one article each)'],
    columns: {
      inventory_id: ['Inventaire (inventories.id)', 'Inventory (inventories.id)'],
      unit_cost: ['Coût unitaire au début', 'Unit cost at the start'],
      manual: ['Comptage manuel (articles sans tag)', 'Manual count (untagged items)'],
      is_counted: [
        'Compté (tag attendu ou lu, ou comptage manuel)',
        'Counted (a tag expected or read, or a manual count)',
      ],
      rescanned_at: ['Recompté à partir du', 'Rescanned from'],
    },
  },
  inventory_tags: {
    meaning: ['Tags attendus et lus de chaque inventaire', 'Tags expected and read by each inventory'],
    columns: {
      inventory_id: ['Inventaire (inventories.id)', 'Inventory (inventories.id)'],
      expected: ['Attendu (en stock dans le périmètre au début)', 'Expected (in stock in the scope at the start)'],
      expected_location: ['Emplacement attendu', 'Expected location'],
      in_stock: ['En stock à la lecture', 'In stock when read'],
      seen_at: ['Lu le', 'Read at'],
      seen_location: ['Lu à', 'Read at location'],
    },
  },
  lost_articles: {
    meaning: ['Articles perdus (suspectés, confirmés, retrouvés)', 'Lost articles (suspected, confirmed, found)'],
    columns: {
      cause: ['Cause (inventory, unseen)', 'Cause (inventory, unseen)'],
      missed_inventories: ['Inventaires manqués d’affilée', 'Inventories missed in a row'],
      inventory_id: [
        'Dernier inventaire qui l’a manqué (inventories.id)',
        'Last inventory that missed it (inventories.id)',
      ],
      suspected_at: ['Suspecté le', 'Suspected at'],
      decided_at: ['Décidé le', 'Decided at'],
      decided_by: ['Décidé par (users.id)', 'Decided by (users.id)'],
      found_at: ['Retrouvé le', 'Found at'],
      written_off: ['Sorti du stock (perte confirmée)', 'Written off the stock (loss confirmed)'],
    },
  },
  inventory_settings: {
    meaning: ['Règles des articles perdus', 'Lost-article rules'],
    columns: {
      missed_inventories: [
        'Inventaires manqués d’affilée avant suspicion',
        'Inventories missed in a row before suspicion',
      ],
      unseen_days: ['Jours sans lecture avant suspicion', 'Days unread before suspicion'],
    },
  },
  reservations: {
    meaning: ['Réservations de stock', 'Stock reservations'],
    columns: {
      document_type: ['Type du document réservant (proforma, invoice, delivery_note)', 'Reserving document type'],
      document_id: ['Document réservant (son id)', 'Reserving document (its id)'],
      until: ['Réservé jusqu’au (inclus)', 'Reserved until (inclusive)'],
      released_at: ['Libérée le', 'Released at'],
      release_cause: ['Cause de la libération (manual, delivery, cancellation, expiry)', 'Why it was released'],
      release_reason: ['Motif saisi à la libération', 'Reason given at release'],
    },
  },
  reservation_events: {
    meaning: ['Historique des réservations', 'Reservation history'],
    columns: {
      reservation_id: ['Réservation (reservations.id)', 'Reservation (reservations.id)'],
      event: ['Événement (reserved, released)', 'Event (reserved, released)'],
      cause: ['Cause de la libération', 'Why it was released'],
      reason: ['Motif saisi', 'Reason given'],
    },
  },
  outputs: {
    meaning: ['Sorties de stock', 'Stock outputs'],
    columns: {
      output_date: ['Date de sortie', 'Output date'],
      units: ['Unités', 'Units'],
      validated_at: ['Validée le', 'Validated at'],
    },
  },
  credit_note_lines: {
    meaning: ['Lignes des avoirs', 'Credit note lines'],
    columns: { invoice_line_id: ['Ligne de facture (invoice_lines.id)', 'Invoice line (invoice_lines.id)'] },
  },
  credit_notes: {
    meaning: ['Avoirs (PDF dans documents/credit-notes/)', 'Credit notes (PDFs in documents/credit-notes/)'],
    columns: {
      credit_date: ['Date de l’avoir', 'Credit note date'],
      reason: ['Motif', 'Reason'],
    },
  },
  invoice_lines: {
    meaning: ['Lignes des factures', 'Invoice lines'],
    columns: { credited_quantity: ['Quantité reprise par des avoirs', 'Quantity credited'] },
  },
  invoices: {
    meaning: ['Factures (PDF dans documents/invoices/)', 'Invoices (PDFs in documents/invoices/)'],
    columns: {
      invoice_date: ['Date de facture', 'Invoice date'],
      billing_date: ['Date de la vente ou de la prestation', 'Date of sale or service'],
      payment_term_days: ['Délai de paiement (jours)', 'Payment term (days)'],
      payment_type: ['Moyen de paiement', 'Payment means'],
      discount: ['Remise globale (JSON : type, valeur)', 'Document discount (JSON: type, value)'],
      billing_mode_chosen: ['Cadre de facturation choisi', 'Billing mode chosen'],
      amount_paid: ['Montant réglé', 'Amount paid'],
      amount_credited: ['Montant repris par des avoirs', 'Amount credited'],
    },
  },
  payment_allocations: { meaning: ['Imputations des règlements sur les factures', 'Payments allocated to invoices'] },
  payment_refunds: {
    meaning: ['Remboursements', 'Refunds'],
    columns: { refund_date: ['Date du remboursement', 'Refund date'], reference: ['Référence', 'Reference'] },
  },
  payments: {
    meaning: ['Règlements des clients', 'Customer payments'],
    columns: {
      payment_date: ['Date du règlement', 'Payment date'],
      unallocated: ['Montant non imputé (au crédit du client)', 'Unallocated amount (on account)'],
      reference: ['Référence', 'Reference'],
    },
  },
  proforma_lines: { meaning: ['Lignes des proformas', 'Proforma lines'] },
  proformas: {
    meaning: ['Proformas', 'Proformas'],
    columns: {
      proforma_date: ['Date de la proforma', 'Proforma date'],
      valid_until: ['Valable jusqu’au', 'Valid until'],
      discount: ['Remise globale (JSON : type, valeur)', 'Document discount (JSON: type, value)'],
    },
  },
  received_invoices: {
    meaning: [
      'Factures fournisseurs reçues (originaux dans documents/received-invoices/)',
      'Received supplier invoices (originals in documents/received-invoices/)',
    ],
    columns: {
      file_name: ['Nom du fichier reçu', 'Received file name'],
      file_type: ['Type du fichier (PDF, XML)', 'File type (PDF, XML)'],
      file_size: ['Taille du fichier (octets)', 'File size (bytes)'],
      number: ['Numéro de la facture du fournisseur', 'Supplier’s invoice number'],
      type_code: [
        'Code du type de facture (380 facture, 381 avoir…)',
        'Invoice type code (380 invoice, 381 credit note…)',
      ],
      issue_date: ['Date de la facture', 'Invoice date'],
      currency: ['Devise', 'Currency'],
      seller_name: ['Nom du vendeur', 'Seller name'],
      seller_vat_number: ['N° de TVA du vendeur', 'Seller VAT number'],
      seller_siren: ['SIREN du vendeur', 'Seller SIREN'],
      buyer_order_reference: ['Référence de commande de l’acheteur', 'Buyer order reference'],
      due_payable: ['Montant à payer', 'Amount due'],
      content: ['Contenu lu de la facture (JSON)', 'Invoice content as read (JSON)'],
      valid: ['Conforme EN 16931', 'EN 16931 compliant'],
      error_count: ['Nombre d’erreurs', 'Number of errors'],
      warning_count: ['Nombre d’avertissements', 'Number of warnings'],
      failures: ['Contrôles en échec (JSON)', 'Failed checks (JSON)'],
      purchase_order_id: ['Bon de commande (purchase_orders.id)', 'Purchase order (purchase_orders.id)'],
      received_by: ['Reçue par (users.id)', 'Received by (users.id)'],
    },
  },
  webhook_endpoints: {
    meaning: [
      'Points de réception des webhooks (sans leur secret de signature)',
      'Webhook endpoints (without their signing secret)',
    ],
    columns: {
      url: ['Adresse appelée', 'URL called'],
      events: ['Événements suivis (JSON)', 'Events subscribed to (JSON)'],
      enabled: ['Actif', 'Enabled'],
      disabled_at: ['Désactivé le', 'Switched off at'],
      disabled_reason: ['Motif de la désactivation', 'Why it was switched off'],
      last_success_at: ['Dernier envoi réussi', 'Last successful delivery'],
    },
  },
  webhook_deliveries: {
    meaning: ['Envois des webhooks et leur suivi', 'Webhook deliveries and their log'],
    columns: {
      endpoint_id: ['Point de réception (webhook_endpoints.id)', 'Endpoint (webhook_endpoints.id)'],
      event: ['Événement', 'Event'],
      event_id: ['Identifiant de l’événement (clé d’idempotence)', 'Event id (idempotency key)'],
      payload: ['Corps envoyé (JSON)', 'Body sent (JSON)'],
      attempts: ['Nombre d’essais', 'Attempts'],
      http_status: ['Dernier statut HTTP reçu', 'Last HTTP status received'],
      duration_ms: ['Durée du dernier essai (ms)', 'Last attempt’s duration (ms)'],
      error: ['Dernière erreur', 'Last error'],
      next_attempt_at: ['Prochain essai', 'Next attempt'],
      sent_at: ['Envoyé le', 'Sent at'],
    },
  },
  outbox: {
    meaning: [
      'Messages à envoyer après leur transaction (plateforme agréée, webhooks) et leur suivi',
      'Messages sent after their transaction (approved platform, webhooks) and their log',
    ],
    columns: {
      topic: [
        'Sujet (einvoice.document, einvoice.status, webhook)',
        'Topic (einvoice.document, einvoice.status, webhook)',
      ],
      key: ['Clé du message dans son sujet (idempotence)', 'Message key within its topic (idempotency)'],
      payload: ['Contenu du message (JSON)', 'Message content (JSON)'],
      status: ['État (waiting, failed, sent)', 'State (waiting, failed, sent)'],
      attempts: ['Nombre d’essais', 'Attempts'],
      next_attempt_at: ['Prochain essai', 'Next attempt'],
      locked_until: ['Réservé par un envoi jusqu’à', 'Held by a sender until'],
      last_error: ['Dernière erreur', 'Last error'],
      result: ['Réponse du destinataire (JSON : identifiant de flux…)', 'Receiver’s answer (JSON: flow id…)'],
      sent_at: ['Envoyé le', 'Sent at'],
    },
  },
  einvoicing_settings: {
    meaning: [
      'Connexion à la plateforme agréée (sans le secret client ni la clé de signature)',
      'Approved platform connection (without the client secret or the signing key)',
    ],
    columns: {
      enabled: ['Active', 'Enabled'],
      base_url: ['Adresse de l’API de la plateforme', 'Platform API address'],
      token_url: ['Adresse du jeton OAuth2', 'OAuth2 token address'],
      client_id: ['Identifiant client OAuth2', 'OAuth2 client id'],
      organization_id: ['Organization-Id', 'Organization-Id'],
      webhook_uid: ['Abonnement webhook de la plateforme', 'Platform webhook subscription'],
      cursor: ['Date du dernier flux lu', 'Date of the last flow read'],
      updated_by: ['Modifié par (users.id)', 'Updated by (users.id)'],
    },
  },
  einvoice_lifecycle: {
    meaning: [
      'Cycle de vie des factures électroniques (statuts CDAR 200–213)',
      'E-invoice lifecycle (CDAR statuses 200–213)',
    ],
    columns: {
      document_kind: [
        'Document (invoice, credit_note, received_invoice)',
        'Document (invoice, credit_note, received_invoice)',
      ],
      document_id: ['Identifiant du document', 'Document id'],
      code: ['Statut (200 Déposée … 213 Rejetée)', 'Status (200 Deposited … 213 Rejected)'],
      at: ['Date du statut', 'Status date'],
      source: ['Origine (platform, user)', 'Source (platform, user)'],
      reason_code: ['Motif', 'Reason'],
      note: ['Commentaire', 'Note'],
      duplicate: ['Rejet d’un doublon (sans effet sur le statut)', 'Rejection of a duplicate (leaves the status)'],
      flow_id: ['Flux de la plateforme', 'Platform flow'],
      user_id: ['Envoyé par (users.id)', 'Sent by (users.id)'],
    },
  },
  platform_flows: {
    meaning: [
      'Flux reçus de la plateforme agréée, lus une fois',
      'Flows received from the approved platform, read once',
    ],
    columns: {
      flow_id: ['Identifiant du flux', 'Flow id'],
      syntax: ['Syntaxe (Factur-X, CDAR…)', 'Syntax (Factur-X, CDAR…)'],
      recorded_as: ['Enregistré comme (document:id)', 'Recorded as (document:id)'],
      error: ['Pourquoi il n’a pas pu être lu', 'Why it could not be read'],
    },
  },
  reports: {
    meaning: ['Historique des rapports (requête, jamais de SQL)', 'Report history (the query, never SQL)'],
    columns: {
      name: ['Nom donné au rapport', 'Name given to the report'],
      query: [
        'Requête : mesures, dimensions, filtres, période (JSON)',
        'Query: measures, dimensions, filters, period (JSON)',
      ],
      row_count: ['Lignes du dernier résultat', 'Rows of the last result'],
      source: ['Origine (builder, question)', 'Source (builder, question)'],
      question: ['Question posée en langage naturel', 'Natural-language question asked'],
      created_by: ['Lancé par (users.id)', 'Run by (users.id)'],
      last_run_at: ['Dernière exécution', 'Last run'],
    },
  },
  report_tries: {
    meaning: ['Questions en langage naturel utilisées par mois', 'Natural-language questions used per month'],
    columns: {
      month: ['Mois (AAAA-MM)', 'Month (YYYY-MM)'],
      used: ['Questions utilisées', 'Questions used'],
    },
  },
  report_settings: {
    meaning: ['Réglages des rapports', 'Report settings'],
    columns: {
      report_tries_limit: ['Questions en langage naturel par mois', 'Natural-language questions per month'],
    },
  },
};
