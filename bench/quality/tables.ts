// Hand-written tables for the evaluation world (bench/quality/world.ts): names, concepts with
// their own words and with descriptions that avoid them, and the sentences pages are built from.
// Nothing in src/ reads this file; the engine must never be tuned to it.

export interface ConceptEntry {
  slug: string;
  title: string;
  /** The concept's distinctive words: a paraphrase question contains none of them (checked by the generator). */
  words: string[];
  /** What the concept page says, in the concept's own words (several paragraphs are built from these). */
  description: string[];
  /** The concept described without its distinctive words, as someone who forgot the name would ask. */
  paraphrases: string[];
  /** A short phrase for a company page ("builds … for …"). */
  market: string;
}

export const CONCEPTS: ConceptEntry[] = [
  {
    slug: 'blue-green-deployment',
    title: 'Blue-green deployment',
    words: ['blue', 'green', 'deployment', 'deployments', 'deploy', 'cutover'],
    description: [
      'Blue-green deployment keeps two production environments, blue and green, of which only one takes traffic at a time.',
      'A release is deployed to the idle colour, smoke-tested there, and the load balancer cuts over in one step; rolling back means pointing the router at the old colour again.',
      'The cost is running twice the infrastructure during the cutover window, and database migrations must stay compatible with both colours.',
    ],
    paraphrases: [
      'maintaining a pair of identical live stacks and moving every visitor to the spare one when we ship',
      'ship a new version with an instant undo by flipping requests between a pair of live stacks',
      'a spare environment that receives the new build and then gets all the users in one go',
    ],
    market: 'release engineering teams',
  },
  {
    slug: 'feature-flags',
    title: 'Feature flags',
    words: ['feature', 'features', 'flag', 'flags', 'toggle', 'toggles'],
    description: [
      'Feature flags wrap new code paths in toggles that can be switched per user, per tenant or for a percentage of traffic.',
      'Product managers use flags to release features gradually, while engineers keep a kill switch for every risky change.',
      'Stale flags are technical debt: each toggle should have an owner and an expiry date.',
    ],
    paraphrases: [
      'turning new behaviour on for a small share of users without shipping another build',
      'runtime switches that let PMs enable unfinished work for selected clients',
      'an emergency off button for a dangerous bit of logic running live',
    ],
    market: 'product teams',
  },
  {
    slug: 'usage-based-pricing',
    title: 'Usage-based pricing',
    words: ['usage', 'pricing', 'price', 'prices', 'metered', 'billing'],
    description: [
      'Usage-based pricing charges for what a customer uses: API calls, gigabytes stored, minutes transcoded, instead of a fixed price per seat.',
      'Metered billing needs accurate usage records, clear price tiers and invoices customers can reconcile.',
      'It aligns revenue with value but makes forecasting harder, so many vendors combine a platform fee with metered usage.',
    ],
    paraphrases: [
      'making clients pay according to how much they consume, not a flat amount per licensed person',
      'pay as you go model where the invoice grows with consumption',
      'charges that grow with the number of requests or terabytes a client consumes',
    ],
    market: 'software vendors',
  },
  {
    slug: 'vector-search',
    title: 'Vector search',
    words: ['vector', 'vectors', 'embedding', 'embeddings', 'search', 'nearest', 'neighbour', 'neighbours'],
    description: [
      'Vector search turns text, images or audio into embeddings and finds the nearest neighbours of a query vector.',
      'Approximate nearest neighbour indexes such as HNSW trade a little recall for large speed-ups over exhaustive search.',
      'Hybrid search combines vector similarity with keyword ranking, because embeddings miss rare identifiers.',
    ],
    paraphrases: [
      'finding documents whose meaning is close to a question rather than matching keywords',
      'numeric representations of text compared by cosine distance to retrieve similar passages',
      'similarity lookup over learned representations of sentences',
    ],
    market: 'developers of AI applications',
  },
  {
    slug: 'carbon-accounting',
    title: 'Carbon accounting',
    words: ['carbon', 'accounting', 'emissions', 'emission', 'scope', 'co2', 'greenhouse'],
    description: [
      'Carbon accounting measures the greenhouse gas emissions of an organisation across scope 1, scope 2 and scope 3.',
      'Most emissions sit in scope 3, the supply chain, where data comes from supplier surveys and spend-based estimates.',
      'Auditors increasingly expect carbon accounts to be as rigorous as financial accounting, with CO2 figures traceable to sources.',
    ],
    paraphrases: [
      "measuring the climate footprint of a company's suppliers and operations",
      'reporting how many tonnes of warming gases a firm releases each year',
      'tracking pollution from suppliers for sustainability disclosures',
    ],
    market: 'sustainability teams',
  },
  {
    slug: 'cold-chain-logistics',
    title: 'Cold-chain logistics',
    words: ['cold', 'chain', 'logistics', 'refrigerated', 'temperature', 'reefer', 'reefers'],
    description: [
      'Cold-chain logistics moves temperature-sensitive goods such as vaccines, seafood and dairy through refrigerated warehouses and reefer trucks.',
      'Every hand-over in the chain is a risk; temperature loggers record excursions so spoiled batches can be rejected.',
      'Cold-chain capacity is expensive, so carriers optimise routes and load factors of refrigerated fleets.',
    ],
    paraphrases: [
      'keeping vaccines and frozen food chilled all the way from factory to shop',
      'transport of perishable goods that must never warm up in transit',
      'monitoring the freezer trucks that move fresh produce',
    ],
    market: 'food and pharma distributors',
  },
  {
    slug: 'zero-knowledge-proofs',
    title: 'Zero-knowledge proofs',
    words: ['zero', 'knowledge', 'proof', 'proofs', 'zk', 'prover', 'verifier'],
    description: [
      'A zero-knowledge proof lets a prover convince a verifier that a statement is true without revealing anything else.',
      'Succinct proofs (SNARKs and STARKs) make verification cheap, which is why zk systems are used to compress blockchain transactions.',
      'Zero-knowledge credentials can prove an age or a membership without disclosing the underlying document.',
    ],
    paraphrases: [
      'persuading someone a claim holds while keeping the secret behind it hidden',
      'cryptography where you demonstrate you hold a password but never show it',
      'showing you are over eighteen without handing over your birth date',
    ],
    market: 'identity and payments providers',
  },
  {
    slug: 'predictive-maintenance',
    title: 'Predictive maintenance',
    words: ['predictive', 'maintenance', 'failure', 'failures', 'vibration'],
    description: [
      'Predictive maintenance uses vibration, temperature and current sensors to estimate when equipment will fail.',
      'Instead of servicing on a fixed schedule, maintenance crews act when the model predicts a failure within the next weeks.',
      'The hard part is labelled failure data: machines rarely break, so models learn from anomalies and physics.',
    ],
    paraphrases: [
      'forecasting when a machine is going to break down so technicians can repair it beforehand',
      'reading signals from factory machinery to plan repairs before a breakdown',
      'servicing turbines based on early warning signs rather than a calendar',
    ],
    market: 'manufacturers and utilities',
  },
  {
    slug: 'open-banking',
    title: 'Open banking',
    words: ['open', 'banking', 'bank', 'banks', 'psd2', 'account', 'accounts'],
    description: [
      'Open banking obliges banks to expose account information and payment initiation through APIs, with the customer’s consent.',
      'In Europe PSD2 created the licences for account information and payment initiation services.',
      'Open banking lets lenders read real transaction histories and lets merchants take payments straight from bank accounts.',
    ],
    paraphrases: [
      "letting third-party apps see a person's financial history with their permission through regulated interfaces",
      'European rules forcing high-street institutions to share money movements with outside apps',
      'apps that pull your spending history from your building society with permission',
    ],
    market: 'lenders and merchants',
  },
  {
    slug: 'federated-learning',
    title: 'Federated learning',
    words: ['federated', 'learning', 'learn', 'federation'],
    description: [
      'Federated learning trains a shared model across many devices or institutions without collecting their raw data.',
      'Each participant computes an update locally; a server aggregates the updates with federated averaging.',
      'Federated learning is popular with hospitals and phone makers, though updates can still leak information without further protection.',
    ],
    paraphrases: [
      'teaching one shared algorithm on millions of phones while personal information never leaves each handset',
      'machine intelligence built collaboratively by hospitals that never pool patient records',
      'combining locally computed improvements from handsets rather than gathering their contents centrally',
    ],
    market: 'hospitals and device makers',
  },
  {
    slug: 'event-sourcing',
    title: 'Event sourcing',
    words: ['event', 'events', 'sourcing', 'sourced', 'replay'],
    description: [
      'Event sourcing stores every change to an entity as an event in an append-only log, and derives current state by replaying the events.',
      'Read models are projections of the event stream, rebuilt whenever a projection changes.',
      'Event-sourced systems give a full audit trail for free but need care with event schema versioning.',
    ],
    paraphrases: [
      'keeping a complete chronological record of changes and reconstructing the present situation from it',
      'rather than overwriting rows, keeping the full sequence of things that happened to an order',
      'an architecture where the system of record is an immutable journal of changes',
    ],
    market: 'banks and marketplaces',
  },
  {
    slug: 'digital-twin',
    title: 'Digital twin',
    words: ['digital', 'twin', 'twins', 'simulation', 'simulations'],
    description: [
      'A digital twin is a simulation of a physical asset, fed with live sensor data so it mirrors the real thing.',
      'Engineers test control changes on the digital twin before applying them to the plant.',
      'Digital twins of buildings combine the BIM model with occupancy and energy data.',
    ],
    paraphrases: [
      'a virtual copy of a factory that follows its gauges second by second',
      'a computer copy of an office block kept in sync with the actual one to try adjustments first',
      'copying a power station into a computer to play through what-if scenarios',
    ],
    market: 'plant operators',
  },
  {
    slug: 'churn-prediction',
    title: 'Churn prediction',
    words: ['churn', 'churning', 'prediction', 'predict', 'predicts', 'retention', 'cancel', 'cancellation'],
    description: [
      'Churn prediction scores each customer by the probability that they cancel in the next period.',
      'Signals include falling usage, support tickets, failed payments and contract renewal dates.',
      'Retention teams act on the churn scores with offers and calls; the model is judged by the revenue it saves.',
    ],
    paraphrases: [
      'spotting which subscribers are about to leave before they do',
      'a model that scores clients by their likelihood of not renewing',
      'early warning when a paying user looks likely to stop paying',
    ],
    market: 'subscription businesses',
  },
  {
    slug: 'kyc-onboarding',
    title: 'KYC onboarding',
    words: ['kyc', 'onboarding', 'know', 'customer', 'customers', 'identity', 'verification', 'verify'],
    description: [
      'KYC onboarding is the know-your-customer process: identity verification, address checks and screening against sanctions lists.',
      'Document verification with liveness checks replaced branch visits for most digital banks.',
      'Good KYC onboarding keeps drop-off low while satisfying the regulator’s customer due diligence rules.',
    ],
    paraphrases: [
      "checking a new client's passport and address before they can sign up",
      'the compliance step where a fintech confirms who someone really is',
      'anti money laundering checks when signing up new users',
    ],
    market: 'banks and fintechs',
  },
  {
    slug: 'edge-computing',
    title: 'Edge computing',
    words: ['edge', 'computing', 'compute', 'latency'],
    description: [
      'Edge computing runs workloads close to where data is produced: in factories, shops, cell towers or vehicles.',
      'It cuts latency and bandwidth, and keeps working when the connection to the cloud drops.',
      'Managing thousands of edge nodes needs remote updates, monitoring and security patching at scale.',
    ],
    paraphrases: [
      'running software on small boxes on the shop floor instead of in a faraway datacentre',
      'processing camera footage on site rather than sending it to a data centre',
      'moving processing next to the sensors to cut round trips',
    ],
    market: 'retailers and telecom operators',
  },
  {
    slug: 'regenerative-agriculture',
    title: 'Regenerative agriculture',
    words: ['regenerative', 'agriculture', 'agricultural', 'soil', 'soils', 'farming', 'farm', 'farms', 'farmers', 'crops', 'crop'],
    description: [
      'Regenerative agriculture rebuilds soil organic matter through cover crops, no-till farming and rotational grazing.',
      'Healthier soils hold more water and store carbon, which some farms sell as credits.',
      'Measuring soil carbon is costly, so verification relies on sampling plus remote sensing of the crops.',
    ],
    paraphrases: [
      'growing food in ways that heal the ground and lock away CO2',
      'rotating grazing animals and skipping the plough to restore fields',
      'helping growers restore the earth they plant in',
    ],
    market: 'food companies and growers',
  },
  {
    slug: 'battery-recycling',
    title: 'Battery recycling',
    words: ['battery', 'batteries', 'recycling', 'recycle', 'recycled', 'lithium', 'cells', 'cell'],
    description: [
      'Battery recycling recovers lithium, nickel and cobalt from spent cells by shredding them into black mass and refining it.',
      'Hydrometallurgical recycling recovers more lithium than smelting and uses less energy.',
      'European rules will require recycled content in new batteries, so recyclers sign long supply contracts with carmakers.',
    ],
    paraphrases: [
      'getting nickel and cobalt back out of worn-out electric-car power packs',
      'what happens to old EV packs at the end of their life',
      'turning used accumulators back into raw materials',
    ],
    market: 'carmakers',
  },
  {
    slug: 'heat-pumps',
    title: 'Heat pumps',
    words: ['heat', 'pump', 'pumps', 'heating'],
    description: [
      'A heat pump moves heat from outside air, ground or water into a building, delivering three to four units of heat per unit of electricity.',
      'Heat pumps replace gas boilers in the push to electrify heating, helped by subsidies.',
      'Installers size heat pumps from a heat-loss survey; undersized pumps struggle on the coldest days.',
    ],
    paraphrases: [
      'devices that pull warmth from the cold outdoors into a house instead of burning fossil fuel',
      'replacing boilers with electric units that work like a fridge in reverse',
      'low-carbon way to warm homes using the ground or air',
    ],
    market: 'homeowners and installers',
  },
  {
    slug: 'micro-frontends',
    title: 'Micro-frontends',
    words: ['micro', 'frontend', 'frontends', 'front', 'end'],
    description: [
      'Micro-frontends split a web front end into parts that separate teams build, test and release independently.',
      'The parts are composed at build time, on the server or in the browser through module federation.',
      'Micro-frontends help large organisations but add payload size and make a consistent design system harder.',
    ],
    paraphrases: [
      'splitting a big website UI into pieces that different squads ship on their own',
      'each squad owns its own slice of the browser app and releases it on its own schedule',
      'composing a single page from separately built UI modules',
    ],
    market: 'large web teams',
  },
  {
    slug: 'data-mesh',
    title: 'Data mesh',
    words: ['data', 'mesh', 'domain', 'domains', 'product', 'products'],
    description: [
      'Data mesh hands ownership of analytical data to the domains that produce it, each publishing data products with an owner and a contract.',
      'A self-serve data platform and federated governance keep the domains interoperable.',
      'Data mesh is an organisational change more than a technology; central data teams become platform teams.',
    ],
    paraphrases: [
      'each business unit maintains its own analytics tables for others to consume instead of one warehouse group',
      'decentralised ownership of reporting tables with contracts between departments',
      'treating every analytical table as something a team maintains for its internal consumers',
    ],
    market: 'enterprises',
  },
  {
    slug: 'synthetic-biology',
    title: 'Synthetic biology',
    words: ['synthetic', 'biology', 'biological', 'genetic', 'genetically', 'gene', 'genes', 'dna', 'engineered'],
    description: [
      'Synthetic biology engineers organisms by writing DNA: genetic circuits, new metabolic pathways, designed proteins.',
      'Engineered microbes produce fragrances, materials and drug precursors that used to come from petrochemicals or plants.',
      'Synthetic biology companies spend years scaling a gene design from the lab bench to industrial tanks.',
    ],
    paraphrases: [
      'programming bacteria to make substances like spider silk',
      'rewiring the code of living things so they make chemicals',
      'yeast reprogrammed to brew medicine ingredients',
    ],
    market: 'chemical and pharma companies',
  },
  {
    slug: 'telehealth',
    title: 'Telehealth',
    words: ['telehealth', 'telemedicine', 'remote', 'virtual', 'consultation', 'consultations'],
    description: [
      'Telehealth delivers care remotely: virtual consultations, remote monitoring and e-prescriptions.',
      'Since 2020 telemedicine is reimbursed in most European countries, which turned virtual consultations into routine care.',
      'Telehealth works best for follow-ups and mental health; physical examinations still need a visit.',
    ],
    paraphrases: [
      'seeing a doctor over a video call instead of in the clinic',
      'patients talking to physicians from home through an app',
      'online appointments with a GP',
    ],
    market: 'clinics and insurers',
  },
  {
    slug: 'last-mile-delivery',
    title: 'Last-mile delivery',
    words: ['last', 'mile', 'delivery', 'deliveries', 'parcel', 'parcels', 'courier', 'couriers'],
    description: [
      'Last-mile delivery is the final leg of a parcel’s journey, from the local depot to the recipient, and the costliest per parcel.',
      'Couriers batch deliveries by route density; failed deliveries double the cost.',
      'Cities push last-mile delivery towards cargo bikes and electric vans with micro-depots.',
    ],
    paraphrases: [
      "getting packages from the neighbourhood hub to the buyer's front door",
      'the final leg of shipping to homes, often the most expensive part',
      'electric trikes and small trucks dropping boxes at doorsteps',
    ],
    market: 'retailers and carriers',
  },
  {
    slug: 'observability',
    title: 'Observability',
    words: ['observability', 'observable', 'telemetry', 'tracing', 'traces', 'trace', 'metrics', 'logs'],
    description: [
      'Observability is knowing what a system does from the telemetry it emits: logs, metrics and traces.',
      'Distributed tracing follows a request across services, so the slow hop shows up in one trace.',
      'OpenTelemetry made instrumentation vendor-neutral; the cost problem moved to storing high-cardinality telemetry.',
    ],
    paraphrases: [
      'understanding what running software is up to from what it reports about itself',
      'debugging an outage by following one user click through every backend it touches',
      'instrumentation that tells engineers why the site is slow',
    ],
    market: 'platform engineering teams',
  },
  {
    slug: 'green-hydrogen',
    title: 'Green hydrogen',
    words: ['green', 'hydrogen', 'electrolysis', 'electrolyser', 'electrolysers', 'h2'],
    description: [
      'Green hydrogen is hydrogen made by electrolysis of water with renewable electricity, so producing it emits no CO2.',
      'Electrolysers are expensive and run best on cheap, steady power, which is why projects pair them with wind and solar.',
      'Green hydrogen matters where electrification is hard: steel, fertiliser, shipping fuels.',
    ],
    paraphrases: [
      'splitting H2O with renewable current to make a clean gas for ironworks',
      'a gas produced with surplus turbine output that could replace methane in factories',
      'lorries with fuel cells running on the lightest element, made with sunshine',
    ],
    market: 'heavy industry',
  },
  {
    slug: 'retrieval-augmented-generation',
    title: 'Retrieval-augmented generation',
    words: ['retrieval', 'augmented', 'generation', 'rag', 'grounding', 'grounded'],
    description: [
      'Retrieval-augmented generation (RAG) retrieves relevant passages from a corpus and puts them into the prompt of a language model.',
      'Grounding answers in retrieved text reduces hallucinations and lets the model cite its sources.',
      'RAG quality depends mostly on retrieval: chunking, hybrid ranking and reranking.',
    ],
    paraphrases: [
      'letting a chatbot look up supporting documents before it replies',
      'chatbots that quote the company wiki instead of making things up',
      'feeding passages found in a knowledge base into an LLM prompt',
    ],
    market: 'enterprise AI teams',
  },
  {
    slug: 'supply-chain-finance',
    title: 'Supply-chain finance',
    words: ['supply', 'chain', 'finance', 'financing', 'factoring', 'invoice', 'invoices'],
    description: [
      'Supply-chain finance lets suppliers be paid early on invoices their buyer has approved, at a rate based on the buyer’s credit.',
      'Reverse factoring programmes are run by banks and platforms; the buyer keeps its payment terms, the supplier gets cash sooner.',
      'Supply-chain finance came under scrutiny after large programmes hid debt on buyers’ balance sheets.',
    ],
    paraphrases: [
      'settling vendors ahead of schedule against signed-off bills so they are not squeezed',
      "a lender advances money to vendors on the buyer's credit",
      'helping small producers receive their money faster from big clients',
    ],
    market: 'manufacturers and their suppliers',
  },
  {
    slug: 'differential-privacy',
    title: 'Differential privacy',
    words: ['differential', 'privacy', 'private', 'noise', 'epsilon'],
    description: [
      'Differential privacy adds calibrated noise to statistics so that the presence of one person in the data cannot be detected.',
      'The privacy budget epsilon bounds how much any release can reveal; every query spends some of it.',
      'Census bureaus and phone makers use differential privacy for published counts and telemetry.',
    ],
    paraphrases: [
      'releasing figures about users in a way that nobody can be singled out',
      "sprinkling tuned randomness into totals so nobody's record can be worked out",
      'a mathematical guarantee that releasing counts does not leak anyone’s details',
    ],
    market: 'analytics teams',
  },
  {
    slug: 'precision-fermentation',
    title: 'Precision fermentation',
    words: ['precision', 'fermentation', 'ferment', 'fermented', 'fermenters'],
    description: [
      'Precision fermentation uses microorganisms in fermenters to produce specific proteins, such as whey or egg white, without animals.',
      'Precision fermentation is the same process that has made insulin and rennet for decades, scaled for food.',
      'The bottleneck is fermenter capacity and the cost of downstream purification.',
    ],
    paraphrases: [
      'producing dairy proteins without cows by growing them in tanks',
      'cow-free milk protein grown by yeast in brewing vats',
      'cheese ingredients brewed rather than milked',
    ],
    market: 'food brands',
  },
  {
    slug: 'smart-grid',
    title: 'Smart grid',
    words: ['smart', 'grid', 'grids', 'demand', 'response', 'meter', 'meters'],
    description: [
      'A smart grid uses smart meters, sensors and automated control to balance electricity supply and demand in real time.',
      'Demand response shifts consumption, from heat pumps to car chargers, to hours when wind and solar are plentiful.',
      'Grid operators use the meter data to find congestion before it trips a line.',
    ],
    paraphrases: [
      'a power network that matches generation and consumption automatically with connected devices',
      'moving when households run appliances to match when the wind blows',
      'utilities reading consumption every fifteen minutes to balance the network',
    ],
    market: 'utilities',
  },
];

/** Given names and family names by culture; some names carry a native-script alias. */
export interface NameCulture {
  given: string[];
  family: string[];
  /** Native script form of a full name (romanised form → native), for cultures written in another script. */
  native?: Record<string, string>;
}

export const NAMES: NameCulture[] = [
  { given: ['Lena', 'Jonas', 'Jörg', 'Anja', 'Matthias', 'Sabine', 'Lukas', 'Hannah'], family: ['Fischer', 'Schäfer', 'Weber', 'Becker', 'Hoffmann', 'Krüger', 'Wagner'] },
  { given: ['Søren', 'Freja', 'Mads', 'Ingrid', 'Astrid', 'Nils'], family: ['Kjærgaard', 'Lindqvist', 'Halvorsen', 'Østergaard', 'Berg'] },
  { given: ['Łucja', 'Piotr', 'Agnieszka', 'Tomasz', 'Zofia'], family: ['Wiśniewska', 'Kowalczyk', 'Nowak', 'Wójcik', 'Zieliński'] },
  { given: ['Chloé', 'Étienne', 'Margaux', 'Julien', 'Amélie', 'Théo'], family: ['Dubois', 'Lefèvre', 'Moreau', 'Girard', 'Rousseau'] },
  { given: ['José', 'Lucía', 'Mateo', 'Ana Lúcia', 'Inês', 'João'], family: ['Álvarez', 'Ferreira', 'Gonçalves', 'Martínez', 'Ortega'] },
  { given: ['Priya', 'Arjun', 'Kavya', 'Rohan', 'Ananya'], family: ['Raghunathan', 'Iyer', 'Mehta', 'Banerjee', 'Nair'] },
  { given: ['Kwame', 'Ama', 'Chidi', 'Ngozi', 'Tunde'], family: ['Mensah', 'Okafor', 'Adeyemi', 'Boateng'] },
  { given: ['Mehmet', 'Elif', 'Can', 'Zeynep'], family: ['Yılmaz', 'Demir', 'Şahin', 'Aydın'] },
  { given: ['Siobhán', 'Niamh', 'Ciarán', 'Aoife'], family: ['Ó Briain', 'Byrne', 'Kavanagh', 'Murphy'] },
  { given: ['Marco', 'Giulia', 'Francesca', 'Luca', 'Chiara'], family: ['Marchetti', 'Rossi', 'Bianchi', 'Conti', 'Esposito'] },
  {
    given: ['Wei', 'Li Na', 'Jun', 'Mei'],
    family: ['Chen', 'Zhang', 'Liu', 'Wang'],
    native: {
      'Wei Chen': '陈伟', 'Li Na Zhang': '张丽娜', 'Jun Liu': '刘军', 'Mei Wang': '王梅', 'Wei Zhang': '张伟', 'Jun Chen': '陈军',
      'Mei Liu': '刘梅', 'Li Na Wang': '王丽娜', 'Wei Liu': '刘伟', 'Jun Wang': '王军', 'Mei Chen': '陈梅', 'Li Na Chen': '陈丽娜',
      'Wei Wang': '王伟', 'Jun Zhang': '张军', 'Mei Zhang': '张梅', 'Li Na Liu': '刘丽娜',
    },
  },
  {
    given: ['Yuki', 'Haruto', 'Aiko', 'Sota'],
    family: ['Tanaka', 'Sato', 'Suzuki', 'Watanabe'],
    native: {
      'Yuki Tanaka': '田中由紀', 'Haruto Sato': '佐藤陽翔', 'Aiko Suzuki': '鈴木愛子', 'Sota Watanabe': '渡辺蒼太', 'Yuki Sato': '佐藤由紀',
      'Haruto Tanaka': '田中陽翔', 'Aiko Watanabe': '渡辺愛子', 'Sota Suzuki': '鈴木蒼太', 'Yuki Suzuki': '鈴木由紀', 'Aiko Tanaka': '田中愛子',
      'Haruto Watanabe': '渡辺陽翔', 'Sota Sato': '佐藤蒼太', 'Yuki Watanabe': '渡辺由紀', 'Haruto Suzuki': '鈴木陽翔', 'Aiko Sato': '佐藤愛子', 'Sota Tanaka': '田中蒼太',
    },
  },
  {
    given: ['Dmitri', 'Anna', 'Olga', 'Sergei'],
    family: ['Volkov', 'Petrova', 'Sokolova', 'Ivanov'],
    native: {
      'Dmitri Volkov': 'Дмитрий Волков', 'Anna Petrova': 'Анна Петрова', 'Olga Sokolova': 'Ольга Соколова', 'Sergei Ivanov': 'Сергей Иванов',
      'Anna Sokolova': 'Анна Соколова', 'Olga Petrova': 'Ольга Петрова', 'Dmitri Ivanov': 'Дмитрий Иванов', 'Sergei Volkov': 'Сергей Волков',
    },
  },
  { given: ['Nguyễn Thị Lan', 'Trần Minh', 'Phạm Hoa'], family: [''] },
  {
    given: ['Fatima', 'Omar', 'Layla', 'Yousef'],
    family: ['Al-Zahra', 'Haddad', 'Nasser', 'Khalil'],
    native: { 'Fatima Al-Zahra': 'فاطمة الزهراء', 'Omar Haddad': 'عمر حداد', 'Layla Nasser': 'ليلى ناصر', 'Yousef Khalil': 'يوسف خليل' },
  },
];

/** Operating companies: name, sector words, city. Near-namesakes are deliberate. */
export const COMPANY_NAMES: Array<{ name: string; city: string }> = [
  { name: 'Northwind Analytics', city: 'Hamburg' },
  { name: 'Northgate Analytics', city: 'Leeds' },
  { name: 'Kestrel Energy', city: 'Aarhus' },
  { name: 'Kestrel Robotics', city: 'Eindhoven' },
  { name: 'Lumen Health', city: 'Dublin' },
  { name: 'Lumina Health', city: 'Lyon' },
  { name: 'Tessellate', city: 'Berlin' },
  { name: 'Brightwater Labs', city: 'Copenhagen' },
  { name: 'Quillfeather', city: 'Edinburgh' },
  { name: 'Orbital Freight', city: 'Rotterdam' },
  { name: 'Halcyon Foods', city: 'Utrecht' },
  { name: 'Verdant Fields', city: 'Toulouse' },
  { name: 'Ferrous Loop', city: 'Gothenburg' },
  { name: 'Cobalt Circle', city: 'Katowice' },
  { name: 'Marigold Pay', city: 'Lisbon' },
  { name: 'Ledgerline', city: 'Vilnius' },
  { name: 'Sable Systems', city: 'Munich' },
  { name: 'Sable Studios', city: 'Barcelona' },
  { name: 'Pinecrest Grid', city: 'Oslo' },
  { name: 'Aurora Thermal', city: 'Tampere' },
  { name: 'Meridian Bio', city: 'Basel' },
  { name: 'Cinder & Salt', city: 'Bristol' },
  { name: 'Tidewell', city: 'Gdańsk' },
  { name: 'Wrenfield', city: 'Manchester' },
  { name: 'Ostara Cloud', city: 'Tallinn' },
  { name: 'Palisade Security', city: 'Tel Aviv' },
  { name: 'Mosaic Metrics', city: 'Amsterdam' },
  { name: 'Hinterland Robotics', city: 'Graz' },
  { name: 'Saltmarsh Shipping', city: 'Antwerp' },
  { name: 'Juniper Care', city: 'Stockholm' },
  { name: 'Fennel & Rye', city: 'Bordeaux' },
  { name: 'Granite Ledger', city: 'Zürich' },
  { name: 'Nimbus Forge', city: 'Kraków' },
  { name: 'Ashgrove Motors', city: 'Turin' },
  { name: 'Clearpath Vision', city: 'Cambridge' },
  { name: 'Ember Dairy', city: 'Cork' },
  { name: 'Skylark Mobility', city: 'Vienna' },
  { name: 'Kōhaku Systems', city: 'Osaka' },
  { name: 'Volta Nord', city: 'Trondheim' },
  { name: 'Redwood Relay', city: 'Madrid' },
];

export const FUND_NAMES: Array<{ name: string; city: string; aliases?: string[] }> = [
  { name: 'Fjord Ventures', city: 'Oslo' },
  { name: 'Northwind Capital', city: 'Hamburg' },
  { name: 'Saffron Partners', city: 'London' },
  { name: 'Atlas Seed', city: 'Paris' },
  { name: 'Birchwood Capital', city: 'Stockholm' },
  { name: 'Kōyō Ventures', city: 'Tokyo', aliases: ['光陽ベンチャーズ'] },
  { name: 'Meridian Growth', city: 'Zürich' },
  { name: 'Tamarind Fund', city: 'Lisbon' },
  { name: 'Polaris Angels', city: 'Helsinki' },
  { name: 'Crane Street Capital', city: 'Dublin' },
  { name: 'Oakmoss Ventures', city: 'Berlin' },
  { name: 'Sternwald Partners', city: 'Munich' },
];

/** The firm whose brain this is (a consultancy): its people attend most meetings. */
export const HOME_FIRM = { name: 'Halden & Roe', city: 'Copenhagen', domain: 'haldenroe.example' };

export const ROLES = ['CEO', 'CTO', 'CFO', 'Head of Sales', 'VP Engineering', 'Head of Product', 'Data Scientist', 'Lead Designer', 'Head of Operations', 'COO'];
export const FUND_ROLES = ['Partner', 'Principal', 'Associate', 'Managing Partner'];
export const HOME_ROLES = ['Senior Consultant', 'Engagement Manager', 'Analyst', 'Managing Director', 'Principal Consultant'];

export const ADVICE_TOPICS = ['pricing', 'hiring', 'go-to-market', 'fundraising', 'security', 'regulation', 'partnerships', 'product strategy'];
export const ROUNDS = ['pre-seed round', 'seed round', 'Series A', 'Series B', 'bridge round'];
export const MEETING_KINDS = ['kickoff', 'quarterly review', 'pricing workshop', 'technical deep dive', 'board prep', 'pilot retrospective', 'contract negotiation', 'roadmap session', 'intro call', 'steering committee'];

/** Sentences for the prose of pages; {slots} are filled by the generator. */
export const PERSON_BIO = [
  '{first} grew up in {hometown} and studied {subject} at {university} before moving to {city}.',
  'Before this role {first} spent {n} years at {formerEmployer}, mostly on {formerWork}.',
  '{first} prefers short written updates to long calls and usually answers messages within a day.',
  'Outside work {first} {hobby}, and will happily talk about it at length over coffee.',
  'We first met {first} at {event}, where {pronoun} gave a talk about {formerWork}.',
  '{first} speaks {languages} and often switches languages mid-sentence in informal meetings.',
  'Colleagues describe {first} as careful with numbers and blunt about risks, which makes reviews with {object} productive.',
  '{first} is based in {city} but travels to clients roughly one week a month.',
  '{first} came to the field by accident: a summer job at {formerEmployer} turned into a career.',
  'In meetings {first} tends to listen for the first half hour and then summarise the decision for everyone.',
  '{first} has two children and keeps Wednesday afternoons free for them, so avoid scheduling calls then.',
  'A former colleague of {first} at {formerEmployer} described {object} as the person who taught {first} how to run a workshop.',
  '{first} writes a small newsletter about {formerWork} that a few hundred people read.',
  'On a trip to {city} last year {first} showed us the best lunch place near the station.',
  '{first} is sceptical of long roadmaps and likes to commit to six weeks at a time.',
  'When a project slips, {first} calls early rather than sending a long email.',
];
export const PERSON_NOTES = [
  'Prefers agendas sent the day before; dislikes surprise slides.',
  'Good contact for introductions in {city}.',
  'Asked us to keep {object} in copy on anything contractual.',
  'Mentioned an interest in a joint conference talk next spring.',
  'Reads every document carefully, budget extra time for comments.',
  'Birthday in {month}; sent a card last year.',
  'Last conversation was friendly but short; follow up after the summer.',
  'Likes detailed written proposals with a clear price.',
  'Introduced by {object} at a dinner in {city}.',
  'Prefers video calls in the morning, {city} time.',
];
export const COMPANY_PROSE = [
  '{name} was founded in {year} in {city} and now employs about {size} people across {offices} offices.',
  'Its customers are mainly {market}, and the largest accounts sit in the Nordics, Benelux and the DACH region.',
  'Revenue grew roughly {growth} percent last year; the company expects to break even within {n} quarters.',
  'The engineering team works in small squads with a quarterly planning cycle and a weekly demo.',
  'Their main competitors are larger incumbents that sell long contracts; {name} competes on speed of rollout.',
  'The company has an office dog, a four-day week experiment and a surprisingly strong coffee culture.',
  'Procurement at {name} is slow: purchase orders above fifty thousand euros need board approval.',
  'Their brand is understated, with a lot of whitespace and a single accent colour on every slide.',
  'The founders met at university and still share an office with the sales team.',
  'Most of the product team sits in {city}; engineering is partly remote, spread over four time zones.',
  'The board meets every six weeks; the last meeting focused on hiring and the sales pipeline.',
  '{name} runs a partner programme with three system integrators and wants to add a fourth.',
  'Churn among their smallest customers is high, while the enterprise accounts renew reliably.',
  'Their security questionnaire is thorough; expect two rounds of questions before any pilot.',
  'The management team changed last spring, and the new leadership is more open to outside help.',
  'We have worked with {name} on and off for {n} years, mostly on short engagements.',
];
export const FUND_PROSE = [
  '{name} is an early-stage investor based in {city}, writing first cheques between half a million and four million euros.',
  'The fund is on its {ordinal} vintage and invests mostly in European founders.',
  'Partners sit on the boards of most portfolio companies and run a yearly offsite for founders.',
  'Their investment memos are famously short: one page, three risks, one reason to believe.',
  'The firm rarely leads later rounds but reserves capital for follow-ons.',
  'Decisions are taken by the full partnership on Monday mornings; founders usually hear back within two weeks.',
  'The team has an operating bench that helps portfolio companies with hiring and pricing.',
  'The LPs are mostly family offices and two pension funds.',
  '{name} publishes a yearly letter that is widely read in the ecosystem.',
];
export const MEETING_PROSE = [
  'We opened with a round of updates since the last session and agreed the agenda.',
  'The discussion focused on {topic} and what it would take to have a first version live by {month}.',
  '{speaker} raised concerns about the timeline: the team is short of two engineers until the new hires start.',
  'Budget was discussed briefly; the client wants a fixed price for the first phase and time and materials after that.',
  'We walked through the draft architecture on the whiteboard and agreed to document the open questions.',
  'There was a long tangent about hiring in {city}, where salaries have risen sharply this year.',
  '{speaker} asked for references from similar projects before signing anything.',
  'The client shared their latest numbers under NDA; we will not copy them into this brain.',
  'Everyone agreed that the pilot should run for six weeks with a clear success metric.',
  'The meeting ran over by twenty minutes, mostly on the question of who owns the integration work.',
  'We compared the two options on the table and agreed to write down the trade-offs before the next session.',
  '{speaker} showed a short demo of the current prototype; it works but is slow on large accounts.',
  'Procurement needs a security review before any data can be shared with us.',
  'The client asked whether we had done similar work elsewhere; we promised two anonymised case studies.',
  'We spent a while on the success criteria and settled on three measurable outcomes.',
  'The legal team joined for the last ten minutes to walk through the data processing terms.',
  'There was agreement that the rollout should start with one region before going wider.',
  'Open question: who on their side can make decisions while {speaker} is on holiday in {month}.',
];
export const MEETING_ACTIONS = [
  '{speaker} to send the revised proposal by Friday.',
  'We draft the statement of work and circulate it for comments.',
  '{speaker} to check with legal about the data processing agreement.',
  'Schedule a follow-up in two weeks.',
  'Share the reference architecture deck with the team.',
  '{speaker} to introduce us to their head of procurement.',
];
export const DOC_PROSE = [
  'This agreement is entered into between {home} and {company}, together the parties.',
  'The services are described in the attached schedule; changes require a written change request signed by both parties.',
  'Fees are invoiced monthly in arrears and payable within thirty days of the invoice date.',
  'Either party may terminate for convenience with ninety days written notice.',
  'Confidential information stays confidential for five years after termination.',
  'Liability is capped at the fees paid in the twelve months before the claim, except for wilful misconduct.',
  'The governing law is the law of Denmark and the courts of Copenhagen have exclusive jurisdiction.',
  'Personal data is processed under the data processing agreement annexed to this contract.',
  'The supplier shall provide the agreed staff and replace any member of staff on reasonable request.',
  'Acceptance of each deliverable is deemed given ten working days after delivery unless rejected in writing.',
  'Travel expenses are reimbursed at cost against receipts, within the limits of the travel policy.',
  'Intellectual property in the deliverables passes to the client on payment in full.',
];

export const FILLER = {
  hometown: ['a small town near Porto', 'Łódź', 'the outskirts of Lyon', 'Bergen', 'Pune', 'Accra', 'Izmir', 'Galway', 'Bologna', 'Chengdu', 'Sapporo', 'Kazan', 'Hanoi', 'Amman', 'Freiburg'],
  subject: ['mechanical engineering', 'economics', 'physics', 'computer science', 'philosophy', 'chemistry', 'industrial design', 'mathematics', 'law'],
  university: ['TU Delft', 'ETH Zürich', 'the University of Edinburgh', 'KTH', 'Sciences Po', 'IIT Bombay', 'Trinity College Dublin', 'Politecnico di Milano', 'the University of Tokyo'],
  formerEmployer: ['a large consultancy', 'Siemens', 'a payments scale-up', 'Spotify', 'a regional bank', 'Maersk', 'a hospital group', 'SAP', 'an energy utility', 'Booking.com'],
  formerWork: ['data platforms', 'enterprise sales', 'supply planning', 'mobile apps', 'risk models', 'hardware prototyping', 'clinical trials', 'brand strategy', 'cloud migrations'],
  hobby: ['rows on the harbour on Sunday mornings', 'restores old motorbikes', 'bakes sourdough', 'runs ultramarathons', 'plays the cello in an amateur orchestra', 'climbs', 'keeps bees', 'collects vinyl'],
  event: ['Slush', 'a meetup in Berlin', 'Web Summit', 'a customer dinner', 'a university alumni evening', 'TechBBQ'],
  languages: ['three languages', 'English, German and a little Japanese', 'five languages', 'English and Portuguese', 'French, English and Arabic'],
  month: ['January', 'March', 'April', 'June', 'September', 'October', 'November'],
  ordinal: ['second', 'third', 'fourth', 'fifth'],
};

/** Generic prose of concept pages ({title} is the concept's name). */
export const CONCEPT_PROSE = [
  'We have advised on {title} for several clients, from small pilots to programmes across a whole business unit.',
  'The common mistake is to start with tooling; the hard part is the operating model and who owns what.',
  'Costs are usually underestimated in the first year and overestimated in the third.',
  'Vendors in this space change quickly, so our comparison table is reviewed every quarter.',
  'A good first project is narrow, measurable and owned by one team that wants it.',
  'Regulators have started to ask about {title}, which has moved it from the innovation budget to the risk register.',
  'Most clients need an internal champion with enough seniority to unblock procurement.',
  'The academic literature is ahead of practice; a few papers are worth reading before any workshop.',
  'Expect resistance from teams whose work changes the most; involve them in the pilot design.',
  'We keep anonymised lessons learned from each engagement in the appendix of this page.',
];
