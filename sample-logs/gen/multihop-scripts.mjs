// What each run did on each question. Steps:
//   ['def', n, text, entities]    an extra sub-question beyond the question's hops
//   ['pending', ...n] / ['active', n] / ['resolved', n, note, evidence|null] / ['retired', n, reason|null]
//   ['search', n|null, query, passages, { sameMs }]   sameMs: same millisecond as the previous event
//   ['answer', text, cited]
// Comments name the drift flag (docs/metrics.md "Search drift") a step is there to fire or to miss.

export const RUNS = {
  q01: {
    baseline: [
      ['pending', 1, 2], ['active', 1],
      ['search', null, 'Harbor Ledger history', ['p-003', 'p-001']], // orphan_query: no sub-question
      ['search', 1, 'Harbor Ledger publisher', ['p-001', 'p-003']],
      ['resolved', 1, 'Published by Edmund Vale from 1921', ['p-001']], ['active', 2],
      ['search', 2, 'Marguerite Okafor husband', ['p-004', 'p-003']], // entity_drift: q07's entity
      ['resolved', 2, 'Married Daniel Okafor in 1931', ['p-004']],
      ['answer', 'Daniel Okafor', ['p-001', 'p-004']], // p-002 missing, not asked (registry found it)
    ],
    registry: [
      ['pending', 1, 2], ['active', 1],
      ['search', 1, 'Harbor Ledger publisher', ['p-001', 'p-003'], { sameMs: true }], // near miss: same ms as active
      ['resolved', 1, 'Edmund Vale published the Ledger from 1921', ['p-001']], ['active', 2],
      ['search', 2, 'Edmund Vale spouse', ['p-002', 'p-004']],
      ['resolved', 2, 'Married Clara Hartwell in 1919', ['p-002']],
      ['answer', 'Clara Hartwell', ['p-001', 'p-002']],
    ],
  },
  q02: {
    baseline: [
      ['pending', 1, 2], ['active', 1],
      ['search', 1, 'Wrenfield Press founder', ['p-005', 'p-007']],
      ['search', 2, 'Tobias Wren birthplace', ['p-006', 'p-041']], // orphan_query: sub-question still pending
      ['resolved', 1, 'Founded by Tobias Wren in 1898', ['p-005']], ['active', 2],
      ['resolved', 2, 'Born in Kestrel Bay', ['p-006']],
      ['answer', 'Kestrel Bay', ['p-005', 'p-006']],
    ],
    registry: [
      ['def', 3, 'Did Wrenfield Press have a co-founder?', []],
      ['pending', 1, 2, 3], ['active', 1],
      ['search', 1, 'Wrenfield Press founder', ['p-005', 'p-007', 'p-053']],
      ['resolved', 1, 'Founded by Tobias Wren in 1898', ['p-005']],
      ['retired', 3, 'p-005 names a single founder'], // near miss: pending then retired is not never_activated
      ['active', 2], ['search', 2, 'Tobias Wren birthplace', ['p-006', 'p-041']],
      ['resolved', 2, 'Born in Kestrel Bay in 1871', ['p-006']],
      ['answer', 'Kestrel Bay', ['p-005', 'p-006']],
    ],
  },
  q03: {
    baseline: [
      ['pending', 1, 2], ['active', 1],
      ['search', 1, 'Rosalind Achterberg husband', ['p-008', 'p-007']],
      ['resolved', 1, 'She married Hendrik Lowe', null], // resolved_without_evidence → insufficient_evidence
      ['active', 2], ['search', 2, 'Hendrik Lowe newspaper', ['p-009', 'p-010']],
      ['resolved', 2, 'Founded the Millbrook Courier in 1903', ['p-009']],
      ['answer', 'The Millbrook Courier', ['p-009']],
    ],
    registry: [
      ['pending', 1, 2], ['active', 1],
      ['search', 1, 'Rosalind Achterberg husband', ['p-008', 'p-007']],
      ['resolved', 1, 'Married the printer Hendrik Lowe in 1905', ['p-008']], ['active', 2],
      ['search', 2, 'Hendrik Lowe newspaper founded', ['p-009', 'p-048']],
      ['resolved', 2, 'Founded the Millbrook Courier in 1903', ['p-009']],
      ['answer', 'The Millbrook Courier', ['p-008', 'p-009']],
    ],
  },
  q04: {
    baseline: [
      ['pending', 1, 2, 3], ['active', 1],
      ['search', 1, 'Saltmarsh Gazette founder', ['p-011', 'p-012', 'p-014']],
      ['resolved', 1, 'Founded by Ambrose Fenwick in 1887', ['p-011']],
      ['resolved', 2, 'His niece Odile Fenwick took over', ['p-012']], // skipped_active: pending → resolved
      // sub-question 3 is never activated (never_activated); no answer; p-013 missing, not asked
    ],
    registry: [
      ['pending', 1, 2, 3], ['active', 1],
      ['search', 1, 'Saltmarsh Gazette founder', ['p-011', 'p-014']],
      ['resolved', 1, 'Founded by Ambrose Fenwick in 1887', ['p-011']], ['active', 2],
      ['search', 2, 'Ambrose Fenwick successor publisher', ['p-012', 'p-014']],
      ['resolved', 2, 'Niece Odile Fenwick from 1910', ['p-012']], ['active', 3],
      ['search', 3, 'Odile Fenwick married', ['p-013', 'p-051']],
      ['search', 3, 'Lucien Marchetti Brightwater Building', ['p-030', 'p-051']], // entity_drift: q10's entity
      ['resolved', 3, 'Married the architect Lucien Marchetti in 1914', ['p-013']],
      ['answer', 'Lucien Marchetti', ['p-011', 'p-012', 'p-013']],
    ],
  },
  q05: {
    baseline: [
      ['def', 3, "Find Ines Kowalczyk's obituary", ['Ines Kowalczyk']],
      ['pending', 1, 2, 3], ['active', 1],
      ['search', 1, 'Northgate Evening Star editor', ['p-015', 'p-017']],
      ['resolved', 1, 'Ines Kowalczyk, 1948-1966', ['p-015']],
      ['search', 1, 'Northgate Evening Star editor 1950s', ['p-017', 'p-015']], // orphan_query: sub-question already resolved
      ['active', 2], ['search', 2, 'Ines Kowalczyk death place', ['p-016', 'p-049']],
      ['resolved', 2, 'Died in Ravensford in 1981', ['p-016']],
      ['retired', 3, null], // retired_without_reason
      ['answer', 'Ravensford', ['p-015', 'p-016']],
    ],
    registry: [
      ['def', 3, "Find Ines Kowalczyk's obituary", ['Ines Kowalczyk']],
      ['pending', 1, 2, 3], ['active', 1],
      ['search', 1, 'Northgate Evening Star editor', ['p-015', 'p-017'], { sameMs: true }],
      ['resolved', 1, 'Ines Kowalczyk, 1948-1966', ['p-015']], ['active', 2],
      ['search', 2, 'Ines Kowalczyk death place', ['p-016', 'p-049']],
      ['resolved', 2, 'Died in Ravensford in 1981', ['p-016']],
      ['retired', 3, 'p-016 already gives the place of death'],
      ['answer', 'Ravensford', ['p-015', 'p-016']],
    ],
  },
  q06: {
    baseline: [
      ['pending', 1, 2], ['active', 1],
      ['search', 1, 'Lantern Weekly founder', ['p-018', 'p-029']],
      ['resolved', 1, 'Founded by Augustin Pell in 1952', ['p-018']], ['active', 2],
      ['search', 2, 'Halloway & Sons owner wife', ['p-032', 'p-030']], // entity_drift: q10's entity
      ['search', 2, 'Augustin Pell spouse', ['p-019', 'p-020']],
      ['resolved', 2, 'Married Mirela Dunstan in 1949', ['p-019']],
      ['answer', 'Mirela Dunstan', ['p-018', 'p-019']],
    ],
    registry: [ // the one question where baseline found gold that registry missed
      ['pending', 1, 2], ['active', 1],
      ['search', 1, 'Lantern Weekly founder', ['p-018', 'p-029']],
      ['resolved', 1, 'Founded by Augustin Pell in 1952', ['p-018']], ['active', 2],
      ['search', 2, 'Pell family marriage', ['p-020', 'p-042']],
      ['resolved', 2, 'Silas Pell married Agatha Crane', ['p-020']],
      ['answer', 'Agatha Crane', ['p-018', 'p-020']], // p-019 missing, not asked (baseline returned it)
    ],
  },
  q07: {
    baseline: [
      ['def', 3, 'Was Marguerite Okafor born under another name?', []],
      ['pending', 1, 2, 3], ['active', 1],
      ['search', 1, 'Marguerite Okafor birthplace', ['p-021', 'p-023']],
      ['resolved', 1, 'Born in Tamsin Ford in 1903', ['p-021']], ['active', 2],
      ['search', 2, 'Tamsin Ford river', ['p-022', 'p-010']],
      ['resolved', 2, 'On the Ebbridge River', ['p-022']],
      ['answer', 'the Ebbridge River', ['p-021', 'p-022']], // sub-question 3 never_activated
    ],
    registry: [
      ['pending', 1, 2], ['active', 1],
      ['search', 1, 'Marguerite Okafor birthplace', ['p-021', 'p-023']],
      ['resolved', 1, 'Born in Tamsin Ford in 1903', ['p-021']], ['active', 2],
      ['search', 2, 'Tamsin Ford river', ['p-022', 'p-045']],
      ['resolved', 2, 'Market town on the Ebbridge River', ['p-022']],
      ['answer', 'the Ebbridge River', ['p-021', 'p-022']],
    ],
  },
  q08: {
    baseline: [
      ['def', 3, 'Did Eliza Marsh keep accounts for a press?', ['Eliza Marsh']],
      ['pending', 1, 2, 3], ['active', 1],
      ['search', 1, 'Tobias Wren family', ['p-026', 'p-006']],
      ['resolved', 1, 'His wife kept the press accounts', ['p-026']], ['active', 3],
      ['search', 3, 'Eliza Marsh press accounts', ['p-026', 'p-044']],
      ['retired', 3, null], // retired_without_reason
      ['active', 2], ['search', 2, 'Marsh sisters accounts', ['p-026', 'p-053']],
      ['resolved', 2, 'Worked for the press', ['p-026']],
      ['answer', 'Wrenfield Press', ['p-026']], // insufficient_evidence: no resolved evidence is gold
    ],
    registry: [
      ['pending', 1, 2], ['active', 1],
      ['search', 1, 'Tobias Wren wife', ['p-024', 'p-026']],
      ['resolved', 1, 'Married Eliza Marsh in 1896', ['p-024']], ['active', 2],
      ['search', 2, 'Eliza Marsh compositor newspaper', ['p-025', 'p-044']],
      ['resolved', 2, 'Compositor at the Cinder Valley Herald', ['p-025']],
      ['answer', 'The Cinder Valley Herald', ['p-024', 'p-025']],
    ],
  },
  q09: {
    baseline: [
      ['pending', 1, 2],
      ['search', null, 'Port Alder newspapers', ['p-001', 'p-028']], // orphan_query: no sub-question
      ['active', 1], ['search', 1, 'newspaper published by Edmund Vale', ['p-001', 'p-002']],
      ['resolved', 1, 'The Harbor Ledger', ['p-001']], ['active', 2],
      ['search', 2, 'Harbor Ledger printing plant', ['p-028', 'p-027']],
      ['resolved', 2, 'Printed in Port Alder', null], // resolved_without_evidence → insufficient_evidence
      ['answer', 'Port Alder', ['p-001']],
    ],
    registry: [
      ['pending', 1, 2], ['active', 1],
      ['search', 1, 'newspaper published by Edmund Vale', ['p-001', 'p-002']],
      ['resolved', 1, 'The Harbor Ledger', ['p-001']], ['active', 2],
      ['search', 2, 'Harbor Ledger printing plant', ['p-027', 'p-028'], { sameMs: true }],
      ['resolved', 2, 'Grey Quay works until 1960', ['p-027']],
      ['answer', 'the Grey Quay works in Port Alder', ['p-001', 'p-027']],
    ],
  },
  q10: {
    baseline: [
      ['pending', 1, 2, 3],
      ['search', null, 'Lantern Weekly printing contract', ['p-029', 'p-018']], // orphan_query: no sub-question
      ['resolved', 1, 'Printed by Halloway & Sons', ['p-029']], // skipped_active
      ['active', 2], ['search', 2, 'Halloway & Sons building', ['p-030', 'p-032']],
      ['resolved', 2, 'The Brightwater Building from 1950', ['p-030']], ['active', 3],
      ['search', 3, 'Brightwater Building architect', ['p-051', 'p-040']], // p-031 unreachable
    ],
    registry: [
      ['pending', 1, 2, 3], ['active', 1],
      ['search', 1, 'Lantern Weekly printer', ['p-029', 'p-018']],
      ['resolved', 1, 'Printed by Halloway & Sons', ['p-029']], ['active', 2],
      ['search', 2, 'Halloway & Sons building', ['p-030', 'p-032']],
      ['resolved', 2, 'The Brightwater Building from 1950', ['p-030']], ['active', 3],
      ['search', 3, 'Brightwater Building architect', ['p-051', 'p-030']],
      ['search', 3, 'Brightwater Building design 1950', ['p-051', 'p-043']],
      ['retired', 3, 'no passage names the architect; answer withheld'],
      ['answer', 'Not found: no passage names the architect of the Brightwater Building', ['p-029', 'p-030']],
    ],
  },
  q11: {
    baseline: [
      ['def', 3, 'Confirm the year of the marriage', ['Piotr Zielinski']],
      ['pending', 1, 2, 3], ['active', 1],
      ['search', 1, 'Ines Kowalczyk spouse', ['p-033', 'p-016']],
      ['resolved', 1, 'Married Piotr Zielinski', ['p-033']], ['active', 2],
      ['search', 2, 'Ravensford mayor', ['p-035', 'p-049']],
      ['resolved', 2, 'Ravensford elected mayors from 1921', ['p-035']],
      ['answer', '1921', ['p-033', 'p-035']], // sub-question 3 never_activated; p-034 not asked
    ],
    registry: [
      ['def', 3, 'Confirm the year of the marriage', ['Piotr Zielinski']],
      ['pending', 1, 2, 3], ['active', 1],
      ['search', 1, 'Ines Kowalczyk spouse', ['p-033', 'p-016']],
      ['resolved', 1, 'Married Piotr Zielinski, a pharmacist', ['p-033']], ['active', 2],
      ['search', 2, 'Piotr Zielinski mayor Ravensford', ['p-034', 'p-035']],
      ['resolved', 2, 'Elected mayor in 1959', ['p-034']],
      ['retired', 3, 'the marriage year does not change the answer'], // near miss for never_activated
      ['answer', '1959', ['p-033', 'p-034']],
    ],
  },
  q12: {
    baseline: [
      ['pending', 1, 2, 3], ['active', 1],
      ['search', 1, 'Millbrook Courier history', ['p-010', 'p-048']], // p-009 never asked for (q03 returned it)
      ['resolved', 1, 'Founded by Hendrik Lowe', ['p-010']], ['active', 2],
      ['search', 2, 'Hendrik Lowe daughter', ['p-036', 'p-038']],
      ['resolved', 2, 'Agnes Lowe, born 1908', ['p-036']], ['active', 3],
      ['search', 3, 'Agnes Lowe instrument', ['p-038', 'p-054']], // p-037 unreachable
      ['resolved', 3, 'Played the organ', ['p-038']],
      ['answer', 'the organ', ['p-036', 'p-038']],
    ],
    registry: [
      ['pending', 1, 2, 3], ['active', 1],
      ['search', 1, 'Millbrook Courier founder', ['p-009', 'p-010'], { sameMs: true }],
      ['resolved', 1, 'Hendrik Lowe founded it in 1903', ['p-009']], ['active', 2],
      ['search', 2, 'Hendrik Lowe daughter', ['p-036', 'p-038']],
      ['resolved', 2, 'Agnes Lowe, born 1908', ['p-036']], ['active', 3],
      ['search', 3, 'Agnes Lowe music', ['p-038', 'p-054']],
      ['search', 3, 'Agnes Lowe orchestra', ['p-054', 'p-048']],
      ['retired', 3, 'only her cousin\'s instrument is documented'],
      ['answer', 'Not found: the corpus does not say which instrument Agnes Lowe played', ['p-009', 'p-036']],
    ],
  },
};
