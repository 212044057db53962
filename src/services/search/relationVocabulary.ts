// Pure data: how people name a relation, by its holder. Each group gathers the words a vault writes
// as a frontmatter key, a "Label:" before a link or a phrase beside it (`reports_to`, "Line
// manager:", "Vorgesetzte:", "chaired by") with the words a question asks it with ("boss",
// "supervises", "who runs"), in English and the main European languages. A word may sit in two
// groups. Written from general usage (HR, projects, commerce, research, documents, places), not
// from any test set. Phrases are lower-case, accents folded (see `foldWord`); a single word also
// matches its inflections (a shared stem of five letters or more: "manages" ~ "manager").
export interface RelationGroup {
  /** The relation, as the `why` of an answer may name it. */
  name: string;
  /** Words and phrases naming it, as vaults write it and as questions ask it. */
  words: string[];
  /**
   * Groups whose label on a link from the answer's page to the named page says the same thing the
   * other way round ("Direct reports: [[Ada]]" on Bo's page answers "who is Ada's manager").
   */
  inverse?: string[];
}

export const RELATION_GROUPS: RelationGroup[] = [
  {
    name: 'manager',
    words: [
      'manager', 'line manager', 'reports to', 'reporting to', 'report to', 'reports_to', 'boss', 'supervisor', 'supervises', 'supervised by', 'superior',
      'managed by', 'manages', 'oversees', 'overseen by', 'head', 'headed by', 'lead', 'led by', 'team lead', 'works under', 'answers to',
      'vorgesetzte', 'vorgesetzter', 'chef', 'chefin', 'leiter', 'leiterin', 'teamleiter', 'teamleiterin', 'berichtet an', 'fuhrungskraft',
      'responsable', 'superieur', 'superieure', 'manager direct', 'rattache a',
      'jefe', 'jefa', 'supervisora', 'responsable directo', 'depende de',
      'responsabile', 'capo', 'superiore', 'riporta a',
      'leidinggevende', 'baas', 'kierownik', 'przelozony', 'chefe', 'gestor',
      'nachalnik', 'rukovoditel', 'начальник', 'руководитель', 'προϊσταμενος', 'διευθυντης',
    ],
    inverse: ['reports'],
  },
  {
    name: 'reports',
    words: [
      'direct reports', 'subordinates', 'team members', 'line reports', 'staff', 'mitarbeiter', 'mitarbeiterin', 'mitarbeitende',
      'collaborateurs', 'subordonnes', 'subordinados', 'colaboradores', 'collaboratori', 'medewerkers', 'podwladni', 'подчиненные', 'сотрудники',
    ],
    inverse: ['manager'],
  },
  {
    name: 'leads',
    words: [
      'lead', 'leads', 'led', 'led by', 'leader', 'head', 'headed by', 'runs', 'run by', 'in charge', 'director', 'directed by', 'chief', 'principal investigator',
      'chief investigator', 'pi', 'site pi', 'investigator', 'project lead', 'project manager', 'programme lead',
      'leitung', 'leiter', 'leiterin', 'projektleiter', 'projektleiterin', 'standortleitung', 'prufarzt', 'prufarztin', 'hauptprufer',
      'directeur', 'directrice', 'chef de projet', 'investigateur principal', 'investigatrice principale', 'pilote',
      'director', 'directora', 'investigador principal', 'investigadora principal', 'jefe de proyecto',
      'direttore', 'direttrice', 'sperimentatore principale', 'capo progetto', 'projectleider', 'kierownik projektu',
      'руководитель', 'главный исследователь', 'директор', 'υπευθυνος', 'επικεφαλης',
    ],
  },
  {
    name: 'member',
    words: [
      'member', 'members', 'member of', 'belongs to', 'part of', 'team', 'on the team', 'works on', 'works in', 'staff', 'joined',
      'mitglied', 'mitglieder', 'membre', 'membres', 'miembro', 'miembros', 'membro', 'membri', 'lid', 'leden', 'czlonek', 'член', 'участник', 'μελος',
    ],
  },
  {
    name: 'works_for',
    words: [
      'works for', 'works at', 'employer', 'employed by', 'employee', 'employees', 'company', 'organisation', 'organization', 'affiliation', 'affiliated with',
      'arbeitet bei', 'arbeitgeber', 'firma', 'travaille chez', 'employeur', 'entreprise', 'trabaja en', 'trabaja para', 'empresa', 'empleador',
      'lavora per', 'lavora presso', 'azienda', 'werkt bij', 'werkgever', 'pracuje w', 'работает в', 'компания', 'εταιρεια',
    ],
  },
  {
    name: 'author',
    words: [
      'author', 'authors', 'authored', 'authored by', 'wrote', 'written', 'written by', 'writer', 'writes', 'drafted', 'drafted by', 'prepared by', 'prepares', 'prepared',
      'created by', 'creator', 'composed by', 'editor', 'edited by', 'byline',
      'autor', 'autorin', 'verfasser', 'verfasserin', 'verfasst von', 'geschrieben von', 'erstellt von',
      'auteur', 'auteure', 'autrice', 'redige par', 'ecrit par', 'redacteur', 'redactrice',
      'autora', 'escrito por', 'redactado por', 'redactor', 'autore', 'scritto da', 'redatto da', 'schrijver', 'geschreven door',
      'автор', 'написал', 'написала', 'συγγραφεας',
    ],
  },
  {
    name: 'owner',
    words: [
      'owner', 'owners', 'owned by', 'owns', 'maintainer', 'maintained by', 'maintains', 'responsible', 'responsible for', 'steward', 'dri', 'proprietor', 'landlord',
      'eigentumer', 'eigentumerin', 'besitzer', 'inhaber', 'inhaberin', 'verantwortlich', 'proprietaire', 'responsable', 'propietario', 'propietaria', 'dueno', 'duena',
      'proprietario', 'proprietaria', 'eigenaar', 'wlasciciel', 'владелец', 'владелица', 'ιδιοκτητης',
    ],
  },
  {
    name: 'client',
    words: [
      'client', 'clients', 'customer', 'customers', 'buyer', 'buys from', 'buys', 'purchaser', 'commissioned by', 'commissioned', 'commissions', 'paid by', 'pays',
      'account', 'sells to', 'patron', 'employer of record',
      'kunde', 'kundin', 'kunden', 'auftraggeber', 'auftraggeberin', 'bauherr', 'bauherrin', 'bauherrschaft', 'besteller',
      'maitre d ouvrage', 'maitre d’ouvrage', 'maitrise d ouvrage', 'commanditaire', 'acheteur',
      'cliente', 'clientes', 'comprador', 'promotor', 'promotora', 'committente', 'opdrachtgever', 'klant', 'zamawiajacy', 'klient',
      'заказчик', 'клиент', 'πελατης',
    ],
    inverse: ['supplier'],
  },
  {
    name: 'supplier',
    words: [
      'supplier', 'suppliers', 'supplies', 'supplied by', 'vendor', 'vendors', 'provider', 'provided by', 'provides', 'contractor', 'contractors', 'subcontractor',
      'sells to', 'sold by', 'bought from', 'manufacturer', 'made by', 'consultant', 'agency', 'service provider', 'freelancer',
      'lieferant', 'lieferantin', 'anbieter', 'dienstleister', 'auftragnehmer', 'hersteller', 'fournisseur', 'prestataire', 'sous traitant', 'fabricant',
      'proveedor', 'proveedora', 'contratista', 'fabricante', 'fornitore', 'appaltatore', 'leverancier', 'dostawca', 'поставщик', 'подрядчик', 'προμηθευτης',
    ],
    inverse: ['client'],
  },
  {
    name: 'funder',
    words: [
      'funder', 'funders', 'funded by', 'funds', 'funding', 'sponsor', 'sponsors', 'sponsored by', 'investor', 'investors', 'invested in', 'backer', 'backed by',
      'grant', 'grant from', 'financed by', 'paid for by', 'donor',
      'geldgeber', 'forderer', 'gefordert von', 'forderung', 'finanziert von', 'investor', 'financeur', 'financeurs', 'finance par', 'bailleur', 'mecene',
      'financiador', 'financiado por', 'patrocinador', 'patrocinado por', 'finanziatore', 'finanziato da', 'sponsor', 'financier', 'gefinancierd door',
      'sponsor', 'финансирует', 'спонсор', 'инвестор', 'χορηγος', 'επενδυτης',
    ],
  },
  {
    name: 'partner',
    words: [
      'partner', 'partners', 'partnered with', 'partner of', 'collaborator', 'collaborators', 'collaborates with', 'works with', 'co-founder', 'cofounder', 'ally',
      'partnerin', 'kooperationspartner', 'partenaire', 'partenaires', 'socio', 'socia', 'socios', 'colaborador', 'colaboradora', 'collaboratore', 'partnerschap',
      'партнер', 'партнёр', 'συνεργατης',
    ],
  },
  {
    name: 'location',
    words: [
      'located in', 'location', 'based in', 'based at', 'headquarters', 'hq', 'office in', 'city', 'town', 'country', 'address', 'site', 'where',
      'standort', 'sitz', 'ort', 'stadt', 'adresse', 'lieu', 'siege', 'ville', 'adresse', 'ubicacion', 'sede', 'ciudad', 'lugar', 'direccion', 'luogo', 'citta', 'indirizzo',
      'vestiging', 'plaats', 'siedziba', 'miasto', 'место', 'город', 'адрес', 'τοποθεσια', 'πολη',
    ],
  },
  {
    name: 'attendees',
    words: [
      'attendees', 'attended', 'attendee', 'participants', 'present', 'guests', 'invitees', 'met', 'meeting with',
      'teilnehmer', 'teilnehmende', 'anwesend', 'participants', 'presents', 'asistentes', 'participantes', 'partecipanti', 'presenti', 'deelnemers', 'aanwezig',
      'uczestnicy', 'участники', 'присутствовали', 'συμμετεχοντες',
    ],
  },
  {
    name: 'chair',
    words: [
      'chair', 'chairs', 'chaired', 'chaired by', 'chairman', 'chairwoman', 'chairperson', 'president', 'presides', 'presided',
      'vorsitz', 'vorsitzende', 'vorsitzender', 'prasident', 'prasidentin', 'president', 'presidente', 'presidenta', 'presidence', 'voorzitter',
      'przewodniczacy', 'председатель', 'προεδρος',
    ],
  },
  {
    name: 'coordinator',
    words: [
      'coordinator', 'coordinates', 'coordination', 'coordinated by', 'coordinating', 'organiser', 'organizer', 'administrator', 'secretary',
      'koordinator', 'koordinatorin', 'koordination', 'coordinateur', 'coordinatrice', 'coordination', 'coordinador', 'coordinadora', 'coordinacion',
      'coordinatore', 'coordinatrice', 'coordinamento', 'coordinator', 'координатор', 'συντονιστης',
    ],
  },
  {
    name: 'advisor',
    words: [
      'advisor', 'adviser', 'advisors', 'advisers', 'advises', 'advised by', 'mentor', 'mentors', 'mentored by', 'coach', 'counsel', 'consultant',
      'berater', 'beraterin', 'mentorin', 'conseiller', 'conseillere', 'asesor', 'asesora', 'consulente', 'consigliere', 'adviseur', 'doradca', 'советник', 'консультант', 'συμβουλος',
    ],
  },
  {
    name: 'statistician',
    words: ['statistician', 'statistics', 'statistical', 'biostatistician', 'biostatistics', 'analyst', 'data analysis', 'statistiker', 'statistikerin', 'statisticien', 'statisticienne', 'estadistico', 'estadistica', 'statistico', 'statistica', 'статистик', 'στατιστικος'],
  },
  {
    name: 'engineer',
    words: [
      'engineer', 'engineering', 'structural engineer', 'structural engineering', 'structure', 'structures', 'structural',
      'ingenieur', 'ingenieurin', 'statiker', 'statikerin', 'tragwerksplanung', 'tragwerksplaner', 'tragwerk',
      'ingenieur structure', 'bureau d etudes', 'ingeniero', 'ingeniera', 'estructura', 'estructuras', 'ingegnere', 'strutturista', 'strutture', 'constructeur', 'конструктор', 'инженер', 'μηχανικος',
    ],
  },
  {
    name: 'translator',
    words: ['translator', 'translation', 'translates', 'interpreter', 'ubersetzer', 'ubersetzerin', 'dolmetscher', 'dolmetscherin', 'traducteur', 'traductrice', 'interprete', 'traductor', 'traductora', 'traduttore', 'traduttrice', 'vertaler', 'tlumacz', 'переводчик', 'переводчица', 'μεταφραστης'],
  },
  {
    name: 'lawyer',
    words: ['lawyer', 'attorney', 'solicitor', 'legal counsel', 'notary', 'anwalt', 'anwaltin', 'rechtsanwalt', 'notar', 'avocat', 'avocate', 'notaire', 'abogado', 'abogada', 'notario', 'avvocato', 'notaio', 'advocaat', 'adwokat', 'юрист', 'адвокат', 'δικηγορος'],
  },
  {
    name: 'accountant',
    words: ['accountant', 'bookkeeper', 'auditor', 'tax advisor', 'steuerberater', 'steuerberaterin', 'buchhalter', 'comptable', 'expert comptable', 'contable', 'contador', 'commercialista', 'contabile', 'boekhouder', 'ksiegowy', 'бухгалтер', 'λογιστης'],
  },
  {
    name: 'doctor',
    words: ['doctor', 'physician', 'gp', 'dentist', 'therapist', 'arzt', 'arztin', 'hausarzt', 'zahnarzt', 'medecin', 'dentiste', 'medico', 'dentista', 'arts', 'tandarts', 'lekarz', 'врач', 'γιατρος'],
  },
  {
    name: 'architect',
    words: ['architect', 'architecture', 'designer', 'design', 'architekt', 'architektin', 'architecte', 'arquitecto', 'arquitecta', 'arquitectura', 'architetto', 'architettura', 'архитектор', 'αρχιτεκτονας'],
  },
  {
    name: 'landscape',
    words: ['landscape', 'landscape architect', 'landscaping', 'landschaftsarchitekt', 'landschaftsarchitektin', 'paysage', 'paysagiste', 'paisajista', 'paisaje', 'paesaggista', 'ландшафт'],
  },
  {
    name: 'acoustics',
    words: ['acoustics', 'acoustician', 'acoustic', 'akustik', 'akustiker', 'bauphysik', 'acoustique', 'acousticien', 'acustica', 'acustico', 'акустика', 'ακουστικη'],
  },
  {
    name: 'fire safety',
    words: ['fire safety', 'fire engineer', 'fire protection', 'brandschutz', 'brandschutzplaner', 'brandschutzexperte', 'securite incendie', 'proteccion contra incendios', 'antincendio', 'пожарная безопасность'],
  },
  {
    name: 'heritage',
    words: ['heritage', 'conservation', 'conservator', 'preservation', 'listed building', 'denkmalpflege', 'denkmalschutz', 'restaurator', 'patrimoine', 'conservateur', 'patrimonio', 'conservacion', 'restauro', 'monumentenzorg', 'охрана памятников', 'реставратор'],
  },
  {
    name: 'planner',
    words: ['planner', 'planning', 'planning consultant', 'urban planner', 'town planner', 'stadtplaner', 'stadtplanerin', 'planer', 'urbaniste', 'urbanista', 'planificador', 'planoloog', 'urbanista', 'градостроитель', 'πολεοδομος'],
  },
  {
    name: 'official',
    words: ['official', 'city contact', 'authority', 'municipality', 'council', 'city', 'permit', 'building authority', 'planning office', 'behorde', 'amt', 'bauamt', 'hochbauamt', 'stadt', 'gemeinde', 'mairie', 'collectivite', 'ayuntamiento', 'municipio', 'comune', 'gemeente', 'urzad', 'администрация', 'мэрия', 'δημος'],
  },
  {
    name: 'craftsman',
    words: ['craftsman', 'craftsperson', 'builder', 'carpenter', 'joiner', 'mason', 'plumber', 'electrician', 'tiler', 'contractor', 'handwerker', 'zimmermann', 'tischler', 'schreiner', 'maurer', 'artisan', 'charpentier', 'menuisier', 'macon', 'artesano', 'carpintero', 'albanil', 'artigiano', 'falegname', 'muratore', 'aannemer', 'timmerman', 'ремесленник', 'плотник', 'мастер', 'τεχνιτης'],
  },
  {
    name: 'photographer',
    words: ['photographer', 'photos', 'photography', 'images', 'renderings', 'renders', 'visualisation', 'visualization', 'visualiser', 'illustrator', 'fotograf', 'fotografin', 'visualisierung', 'photographe', 'perspectiviste', 'fotografo', 'fotografa', 'infografia', 'фотограф', 'визуализация', 'φωτογραφος'],
  },
  {
    name: 'project',
    words: ['project', 'projects', 'initiative', 'initiatives', 'studies', 'trials', 'programme', 'program', 'job', 'study', 'trial', 'projekt', 'projet', 'proyecto', 'progetto', 'project', 'projekt', 'проект', 'έργο', 'εργο'],
  },
];
