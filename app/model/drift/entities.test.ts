import { describe, expect, it } from 'vitest';
import { capitalisedNames, driftMentions, EntityCatalog, findMentions, normalizeEntity } from './entities';

describe('capitalised names in question text', () => {
  it.each([
    ['Who was the spouse of the publisher of The Harbor Ledger?', ['The Harbor Ledger']],
    ['Which building did Halloway & Sons occupy?', ['Halloway & Sons']],
    ['In which year did the husband of Ines Kowalczyk become mayor of Ravensford?', ['Ines Kowalczyk', 'Ravensford']],
    ['Where was Augustin Pell’s wife born?', ['Augustin Pell']],
    ['Harbor history, then nothing.', []],
  ])('%s', (text, names) => {
    expect(capitalisedNames(text)).toEqual(names);
  });
});

describe('mentions', () => {
  it('match case-insensitively on word boundaries, with or without the leading article', () => {
    expect(findMentions('harbor ledger publisher', ['The Harbor Ledger'])).toEqual([{ entity: 'The Harbor Ledger', start: 0, end: 13 }]);
    expect(findMentions('Harbor Ledgers', ['The Harbor Ledger'])).toEqual([]);
    expect(normalizeEntity('  The  Harbor Ledger ')).toBe('harbor ledger');
  });

  it('drift: a catalog name outside the own set, unless it sits inside an own name', () => {
    const catalog = new EntityCatalog();
    catalog.add('Edmund Vale', 'q09');
    catalog.add('Vale', 'q99');
    catalog.add('Marguerite Okafor', 'q07');
    const own = new Set([normalizeEntity('Edmund Vale')]);
    expect(driftMentions('Edmund Vale and Marguerite Okafor', catalog, own)).toEqual([{ entity: 'Marguerite Okafor', start: 16, end: 33, owners: ['q07'] }]);
  });
});
