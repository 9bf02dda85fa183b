// Vocabulary of the generated projects: business domains with their own entity nouns (no noun
// appears in two domains, so tool names never collide by accident; only the planted defects do).

export interface Domain {
  /** Directory and constant prefix, e.g. `billing`. */
  slug: string;
  /** What the domain's agents help with, for descriptions and instructions. */
  purpose: string;
  /** Six singular nouns, lower case, one word each. */
  entities: readonly string[];
}

export const DOMAINS: readonly Domain[] = [
  { slug: 'billing', purpose: 'invoices and payments', entities: ['invoice', 'payment', 'refund', 'coupon', 'ledger', 'payout'] },
  { slug: 'catalog', purpose: 'the product catalog', entities: ['product', 'variant', 'category', 'brand', 'bundle', 'attribute'] },
  { slug: 'shipping', purpose: 'parcels and carriers', entities: ['shipment', 'parcel', 'carrier', 'label', 'manifest', 'pickup'] },
  { slug: 'support', purpose: 'customer tickets', entities: ['ticket', 'macro', 'escalation', 'survey', 'queue', 'agentnote'] },
  { slug: 'hiring', purpose: 'recruiting pipelines', entities: ['candidate', 'opening', 'interview', 'offer', 'referral', 'scorecard'] },
  { slug: 'fleet', purpose: 'vehicles and drivers', entities: ['vehicle', 'driver', 'route', 'inspection', 'fuelcard', 'depot'] },
  { slug: 'clinic', purpose: 'patient appointments', entities: ['patient', 'appointment', 'prescription', 'referralletter', 'ward', 'labresult'] },
  { slug: 'lending', purpose: 'loan applications', entities: ['loan', 'applicant', 'collateral', 'repayment', 'guarantor', 'creditcheck'] },
  { slug: 'warehouse', purpose: 'stock and bins', entities: ['bin', 'pallet', 'stockcount', 'replenishment', 'picklist', 'dock'] },
  { slug: 'marketing', purpose: 'campaigns', entities: ['campaign', 'audience', 'creative', 'placement', 'budgetline', 'landingpage'] },
  { slug: 'travel', purpose: 'trips and bookings', entities: ['trip', 'booking', 'traveler', 'itinerary', 'fare', 'visa'] },
  { slug: 'housing', purpose: 'rental properties', entities: ['tenant', 'lease', 'unit', 'workorder', 'deposit', 'inspectionvisit'] },
  { slug: 'school', purpose: 'courses and grades', entities: ['course', 'student', 'grade', 'enrollment', 'assignment', 'classroom'] },
  { slug: 'events', purpose: 'venues and tickets', entities: ['venue', 'performer', 'seat', 'admission', 'sponsor', 'schedule'] },
  { slug: 'legal', purpose: 'contracts and matters', entities: ['contract', 'matter', 'clause', 'signatory', 'filing', 'deadline'] },
  { slug: 'energy', purpose: 'meters and tariffs', entities: ['meter', 'tariff', 'reading', 'outage', 'substation', 'feedin'] },
  { slug: 'insurance', purpose: 'policies and claims', entities: ['policy', 'claim', 'premium', 'adjuster', 'endorsement', 'beneficiary'] },
  { slug: 'payroll', purpose: 'salaries and time sheets', entities: ['payslip', 'timesheet', 'employee', 'allowance', 'deduction', 'payrun'] },
  { slug: 'kitchen', purpose: 'restaurant orders', entities: ['dish', 'reservation', 'table', 'supplier', 'menu', 'allergen'] },
  { slug: 'devops', purpose: 'builds and deploys', entities: ['build', 'deploy', 'incident', 'runbook', 'alert', 'release'] },
  { slug: 'library', purpose: 'loans of books', entities: ['book', 'member', 'hold', 'branch', 'fine', 'periodical'] },
  { slug: 'farming', purpose: 'fields and harvests', entities: ['field', 'harvest', 'crop', 'irrigation', 'silo', 'soilsample'] },
  { slug: 'crm', purpose: 'accounts and deals', entities: ['account', 'deal', 'contact', 'lead', 'quote', 'activity'] },
  { slug: 'security', purpose: 'access and audits', entities: ['badge', 'visitor', 'camera', 'accesslog', 'zone', 'keyholder'] },
];

/** Verbs of tool names: `search_invoice`, `archive_payment`. */
export const VERBS: readonly string[] = ['search', 'get', 'create', 'update', 'archive', 'export', 'summarize', 'assign'];

/** Record fields of the generated entity types, with their TypeScript type and a zod schema. */
export const FIELDS: ReadonlyArray<{ key: string; ts: string; zod: string }> = [
  { key: 'title', ts: 'string', zod: 'z.string()' },
  { key: 'owner', ts: 'string', zod: 'z.string()' },
  { key: 'amount', ts: 'number', zod: 'z.number()' },
  { key: 'quantity', ts: 'number', zod: 'z.number().int()' },
  { key: 'region', ts: 'string', zod: 'z.string()' },
  { key: 'priority', ts: 'number', zod: 'z.number().int().min(1).max(5)' },
  { key: 'notes', ts: 'string', zod: 'z.string().max(2000)' },
  { key: 'reference', ts: 'string', zod: 'z.string()' },
  { key: 'flagged', ts: 'boolean', zod: 'z.boolean()' },
  { key: 'score', ts: 'number', zod: 'z.number()' },
];

export const ROLES: readonly string[] = ['assistant', 'concierge', 'triage', 'specialist', 'planner', 'auditor'];

export const pascal = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
export const camel = (...words: string[]): string => words.map((w, i) => (i === 0 ? w : pascal(w))).join('');
export const constCase = (word: string): string => word.toUpperCase().replaceAll('-', '_');
