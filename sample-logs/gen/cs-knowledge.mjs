// The e-commerce customer-service knowledge base (seeds 002, 004): documents, the colloquial
// questions customers ask (with the documents that answer them), and the offline eval set.

export const CATEGORIES = ['returns', 'shipping-insurance', 'invoices', 'warranty', 'payments'];

// [id, category, title, topic]
const DOCS = [
  ['kb-ret-01', 'returns', '7-day no-reason returns policy', '7-day no-reason returns'],
  ['kb-ret-02', 'returns', 'How to start a return in the app', 'starting a return in the app'],
  ['kb-ret-03', 'returns', 'Return shipping fees: who pays', 'return shipping fees'],
  ['kb-ret-04', 'returns', 'Refund timelines by payment method', 'refund timelines'],
  ['kb-ret-05', 'returns', 'Items excluded from returns', 'items excluded from returns'],
  ['kb-ret-06', 'returns', 'Exchanging for a different size', 'size exchanges'],
  ['kb-ins-01', 'shipping-insurance', 'Shipping insurance: what it covers', 'shipping insurance coverage'],
  ['kb-ins-02', 'shipping-insurance', 'Claiming shipping insurance after a return', 'shipping insurance claims'],
  ['kb-ins-03', 'shipping-insurance', 'Shipping insurance eligibility by order type', 'shipping insurance eligibility'],
  ['kb-ins-04', 'shipping-insurance', 'Shipping insurance payout amounts', 'shipping insurance payouts'],
  ['kb-ins-05', 'shipping-insurance', 'Why shipping insurance was not applied', 'shipping insurance not applied'],
  ['kb-inv-01', 'invoices', 'Requesting an electronic invoice (fapiao)', 'electronic invoices'],
  ['kb-inv-02', 'invoices', 'Changing the invoice title or tax ID', 'invoice title changes'],
  ['kb-inv-03', 'invoices', 'Invoices for partly returned orders', 'invoices after partial returns'],
  ['kb-inv-04', 'invoices', 'Company VAT special invoices', 'VAT special invoices'],
  ['kb-war-01', 'warranty', 'Warranty periods by product category', 'warranty periods'],
  ['kb-war-02', 'warranty', 'How to file a warranty repair', 'filing a warranty repair'],
  ['kb-war-03', 'warranty', 'What the warranty does not cover', 'warranty exclusions'],
  ['kb-war-04', 'warranty', 'Replacement or repair under warranty', 'warranty replacement versus repair'],
  ['kb-pay-01', 'payments', 'Accepted payment methods', 'accepted payment methods'],
  ['kb-pay-02', 'payments', 'Installment plans', 'installment plans'],
  ['kb-pay-03', 'payments', 'Payment failed but money was deducted', 'failed payments that were charged'],
  ['kb-pay-04', 'payments', 'Combining coupons and store credit', 'combining coupons and store credit'],
];

// The knowledge-base change of 2026-10-12: shipping-insurance pages re-chunked by fixed length,
// headings lost. Old id → the new chunks that now hold its content.
export const RECHUNKED = {
  'kb-ins-01': ['kb-ins-v2-01', 'kb-ins-v2-02'], 'kb-ins-02': ['kb-ins-v2-03', 'kb-ins-v2-04'], 'kb-ins-03': ['kb-ins-v2-05'],
  'kb-ins-04': ['kb-ins-v2-06'], 'kb-ins-05': ['kb-ins-v2-07', 'kb-ins-v2-08'],
};

export const KB_DOCS = DOCS.map(([id, category, title, topic]) => ({ id, category, title, topic }));

export function knowledgeAssets() {
  const assets = KB_DOCS.map((d) => ({ type: 'asset', asset_id: d.id, kind: 'passage', title: d.title, text: `Help-center article (${d.category}): ${d.title}.` }));
  for (const [oldId, chunks] of Object.entries(RECHUNKED)) {
    const doc = KB_DOCS.find((d) => d.id === oldId);
    chunks.forEach((id, i) => assets.push({ type: 'asset', asset_id: id, kind: 'passage', title: `${doc.title} (part ${i + 1})`, text: `Fixed-length chunk ${i + 1} of "${doc.title}", re-indexed 2026-10-12.` }));
  }
  return assets;
}

// What customers actually type: colloquial, mixed languages; `gold` = the documents that answer it.
// `ambiguous` queries retrieve near-ties, which the gate answers with a clarifying question.
export const CUSTOMER_QUERIES = {
  returns: [
    ['can I still return this after a week', ['kb-ret-01']], ['how do i send something back', ['kb-ret-02']],
    ['who pays for return shipping', ['kb-ret-03', 'kb-ins-01']], ['when do I get my refund', ['kb-ret-04']],
    ['can i return underwear', ['kb-ret-05']], ['这个能退吗', ['kb-ret-01'], 'ambiguous'],
    ['want a bigger size instead', ['kb-ret-06']], ['七天无理由退货怎么申请', ['kb-ret-01', 'kb-ret-02']],
  ],
  'shipping-insurance': [
    ['我这个订单能用运费险吗', ['kb-ins-03']], ['does shipping insurance cover my return', ['kb-ins-01']],
    ['how do I claim the shipping insurance', ['kb-ins-02']], ['how much does shipping insurance pay back', ['kb-ins-04']],
    ["why wasn't shipping insurance applied to my order", ['kb-ins-05']], ['运费险怎么理赔', ['kb-ins-02']],
    ['that return shipping fee thing, do i get it back', ['kb-ins-02', 'kb-ret-03'], 'ambiguous'],
  ],
  invoices: [
    ['need an invoice for my order', ['kb-inv-01']], ['wrong company name on invoice', ['kb-inv-02']],
    ['发票抬头写错了怎么改', ['kb-inv-02']], ['do I get a new invoice if I return part of the order', ['kb-inv-03']],
    ['VAT special invoice for company', ['kb-inv-04']], ['invoice??', ['kb-inv-01'], 'ambiguous'],
  ],
  warranty: [
    ['my headphones broke after 3 months', ['kb-war-01', 'kb-war-02']], ['how long is the warranty on a laptop', ['kb-war-01']],
    ['is water damage covered', ['kb-war-03']], ['will they replace it or repair it', ['kb-war-04']],
    ['保修怎么申请', ['kb-war-02']], ['it stopped working', ['kb-war-02'], 'ambiguous'],
  ],
  payments: [
    ['can I pay with installments', ['kb-pay-02']], ['payment failed but I was charged', ['kb-pay-03']],
    ['扣款了但是订单显示未支付', ['kb-pay-03']], ['can I use a coupon and store credit together', ['kb-pay-04']],
    ['what cards do you accept', ['kb-pay-01']],
  ],
};

export const ORDER_TRACKING = ['where is my package', '我的快递到哪了', 'order still not shipped', 'tracking number not working'];

const EVAL_PHRASINGS = ['What is the policy on {topic}?', 'Explain {topic}.', 'Where can I read about {topic}?'];

// Out-of-scope questions a careful bot should refuse (negative cases, seed 002).
const NEGATIVE_CASES = [
  ['Can you recommend a gaming laptop?', 'warranty'], ['Do you insure parcels I send to friends?', 'shipping-insurance'],
  ['帮我写一首生日诗', 'returns'], ['Can I pay my phone bill here?', 'payments'], ['How do I become a seller on the platform?', 'invoices'],
  ['What is the weather in Hangzhou tomorrow?', 'shipping-insurance'], ['Can you lend me money for this order?', 'payments'],
  ['Do you repair phones bought elsewhere?', 'warranty'], ['Is there an invoice for my electricity bill?', 'invoices'],
  ['Can I return a gift card I bought at a mall?', 'returns'], ['Tell me a joke', 'returns'], ['Which stock should I buy?', 'payments'],
  ['Does insurance cover my car?', 'shipping-insurance'], ['Do you sell concert tickets?', 'invoices'], ['How do I cook rice?', 'warranty'],
  ['Are you a human?', 'payments'],
];

/** ~80 eval cases: 64 answerable (one per doc and phrasing, deterministic order) and 16 negatives. */
export function evalCases(rng) {
  const positives = [];
  for (const phrasing of EVAL_PHRASINGS) {
    for (const doc of KB_DOCS) positives.push({ query: phrasing.replace('{topic}', doc.topic), gold: [doc.id], category: doc.category });
  }
  const chosen = rng.sample(positives, 64).sort((a, b) => (a.query < b.query ? -1 : 1));
  const negatives = NEGATIVE_CASES.map(([query, category]) => ({ query, gold: [], category }));
  return rng.shuffle(chosen.concat(negatives));
}
