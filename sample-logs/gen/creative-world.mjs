// The creative assistant's asset world: themes, their templates/images/fonts, and the
// ground-truth relevance of any asset to a (theme, kind) need. Labels are derived from it.
import { makeRandom, pad } from './random.mjs';

const THEMES = [
  ['birthday', 'birthday invitation', ['pastel balloons', 'confetti', 'dinosaur', 'gold foil', 'watercolor'], ['balloon bouquet', 'birthday cake with candles', 'confetti burst', 'party hats'], 'playful', 'baby-shower'],
  ['baby-shower', 'baby shower invitation', ['soft pastel', 'woodland animals', 'little star', 'boho'], ['baby booties', 'stork illustration', 'pastel clouds', 'teddy bear'], 'gentle', 'birthday'],
  ['wedding', 'wedding save-the-date', ['eucalyptus', 'minimal serif', 'gold frame', 'botanical'], ['wedding rings', 'eucalyptus wreath', 'bridal bouquet', 'candlelit table'], 'elegant', 'thank-you'],
  ['thank-you', 'thank-you card', ['pressed flowers', 'kraft paper', 'hand lettered', 'modern'], ['dried flowers', 'handwritten note', 'kraft envelope', 'ribbon bow'], 'warm', 'wedding'],
  ['bake-sale', 'bake sale flyer', ['retro', 'gingham', 'chalkboard', 'sprinkles'], ['chocolate chip cookies', 'pie slice', 'cupcake stand', 'rolling pin'], 'friendly', 'farmers-market'],
  ['farmers-market', 'farmers market poster', ['rustic', 'hand drawn', 'sunny', 'letterpress'], ['heirloom tomatoes', 'produce crates', 'sunflowers', 'honey jars'], 'earthy', 'bake-sale'],
  ['yoga', 'yoga class poster', ['calm gradient', 'line art', 'sunrise', 'zen'], ['yoga mat', 'lotus pose silhouette', 'sunrise meditation', 'bamboo leaves'], 'airy', 'fitness'],
  ['fitness', 'fitness class schedule', ['bold neon', 'grunge', 'sporty', 'clean grid'], ['kettlebells', 'running shoes', 'spin bikes', 'gym rings'], 'strong', 'yoga'],
  ['coffee', 'coffee shop Instagram post', ['cozy', 'latte tones', 'minimal', 'vintage'], ['latte art', 'coffee beans', 'barista pouring', 'croissant and cup'], 'cozy', 'restaurant-menu'],
  ['restaurant-menu', 'restaurant menu', ['trattoria', 'chalkboard', 'fine dining', 'street food'], ['pasta dish', 'wood-fired pizza', 'chalkboard specials', 'wine glasses'], 'classic', 'coffee'],
  ['halloween', 'Halloween party flyer', ['spooky', 'neon glow', 'vintage horror', 'cute ghosts'], ["jack-o'-lanterns", 'bat silhouettes', 'haunted house', 'candy corn'], 'spooky', 'holiday-sale'],
  ['holiday-sale', 'Black Friday sale banner', ['bold red', 'black and gold', 'countdown', 'festive'], ['shopping bags', 'gift boxes', 'price tags', 'sale confetti'], 'loud', 'product-launch'],
  ['back-to-school', 'back-to-school flyer', ['notebook doodles', 'bright primary', 'chalk', 'crayon'], ['school supplies', 'backpack', 'chalkboard doodles', 'pencils'], 'bright', 'graduation'],
  ['graduation', 'graduation announcement', ['navy and gold', 'photo collage', 'classic', 'modern'], ['graduation cap', 'diploma scroll', 'tassel close-up', 'cap toss'], 'proud', 'back-to-school'],
  ['product-launch', 'product launch announcement', ['dark tech', 'gradient mesh', 'minimal', 'spotlight'], ['smartphone mockup', 'unboxing', 'spotlight stage', 'floating product'], 'sleek', 'holiday-sale'],
  ['podcast', 'podcast cover art', ['bold type', 'retro radio', 'duotone', 'abstract'], ['studio microphone', 'headphones', 'sound waves', 'on-air sign'], 'punchy', 'travel'],
  ['travel', 'travel vlog thumbnail', ['adventure', 'film grain', 'big arrow', 'sunset'], ['mountain lake', 'passport and map', 'beach sunset', 'camper van'], 'adventurous', 'podcast'],
  ['real-estate', 'open house flyer', ['luxury', 'clean', 'modern farmhouse', 'bold price'], ['modern living room', 'house exterior', 'keys handover', 'kitchen island'], 'trustworthy', null],
  ['resume', 'resume', ['two column', 'minimal', 'creative', 'executive'], ['desk workspace', 'portrait headshot', 'abstract lines', 'laptop and notebook'], 'professional', null],
  ['fundraiser', 'charity fundraiser poster', ['hopeful', 'community', 'hand drawn heart', 'bold'], ['volunteers', 'donation jar', 'helping hands', 'charity run'], 'hopeful', null],
];

const PER_THEME = { template: 10, image: 12, font: 3 };
const STOCK = { template: 40, image: 60, font: 15 };
const ID_SPACE = { template: ['tpl-', 400], image: ['img-', 700], font: ['font-', 90] };
const FONT_PARTS = [['Bubbly', 'Marigold', 'Harbor', 'Quill', 'Juniper', 'Atlas', 'Velvet', 'Pebble', 'Sprout', 'Linen', 'Cobalt', 'Meadow', 'Tundra', 'Saffron', 'Orbit'], ['Sans', 'Script', 'Serif', 'Display', 'Rounded', 'Grotesk', 'Slab']];
const IMAGE_VARIANTS = ['close-up photo', 'flat lay', 'on white background', 'watercolor illustration', 'vector illustration', 'overhead shot'];

const titleCase = (text) => text.replace(/(^|\s)(\p{Ll})/gu, (_, space, letter) => space + letter.toUpperCase());

export function buildCreativeWorld(seed) {
  const rng = makeRandom(seed);
  const freeIds = Object.fromEntries(Object.entries(ID_SPACE).map(([kind, [prefix, size]]) =>
    [kind, rng.shuffle(Array.from({ length: size }, (_, i) => `${prefix}${pad(i + 1, 4)}`))]));
  const take = (kind, n) => freeIds[kind].splice(0, n);

  const themes = THEMES.map(([key, label, styles, subjects, mood, adjacent]) => ({
    key, label, styles, subjects, mood, adjacent,
    assets: { template: take('template', PER_THEME.template), image: take('image', PER_THEME.image), font: take('font', PER_THEME.font) },
  }));
  const themeByKey = new Map(themes.map((theme) => [theme.key, theme]));
  const stock = { template: take('template', STOCK.template), image: take('image', STOCK.image), font: take('font', STOCK.font) };
  // Assets the agent may use without retrieving them (uploads, generated art): never in a result list,
  // so an agent action on one is unambiguously a bypass of the retrieval.
  const bypassPool = { template: stock.template.slice(0, 8), image: stock.image.slice(0, 15), font: stock.font.slice(0, 4) };
  const stockDistractors = { template: stock.template.slice(8), image: stock.image.slice(15), font: stock.font.slice(4) };

  const catalog = [];
  const describe = (kind, id, theme, i) => {
    if (kind === 'template') {
      const style = theme ? theme.styles[i % theme.styles.length] : rng.pick(['minimal', 'bold', 'geometric', 'classic']);
      const label = theme ? theme.label : rng.pick(['flyer', 'poster', 'social post', 'presentation cover', 'banner']);
      return { title: titleCase(`${style} ${label}`), text: `Editable ${label} template in a ${style} style with headline, date and detail fields.` };
    }
    if (kind === 'image') {
      const subject = theme ? theme.subjects[i % theme.subjects.length] : rng.pick(['abstract texture', 'city skyline', 'paper background', 'gradient shapes', 'plant on desk']);
      const variant = IMAGE_VARIANTS[(i + (theme ? theme.key.length : 0)) % IMAGE_VARIANTS.length];
      return { title: titleCase(`${subject}, ${variant}`), text: `Stock image: ${subject} (${variant}), high resolution, commercial use.` };
    }
    const name = `${FONT_PARTS[0][Number(id.slice(-2)) % 15]} ${FONT_PARTS[1][Number(id.slice(-3)) % 7]}`;
    return { title: name, text: theme ? `A ${theme.mood} typeface that suits ${theme.label} designs.` : 'A general-purpose typeface for body text and captions.' };
  };
  for (const theme of themes) {
    for (const kind of Object.keys(PER_THEME)) {
      theme.assets[kind].forEach((id, i) => catalog.push({ type: 'asset', asset_id: id, kind, ...describe(kind, id, theme, i) }));
    }
  }
  for (const kind of Object.keys(STOCK)) stock[kind].forEach((id, i) => catalog.push({ type: 'asset', asset_id: id, kind, ...describe(kind, id, null, i) }));
  catalog.sort((a, b) => (a.asset_id < b.asset_id ? -1 : 1));

  /** Ground truth: 3 = core match, 2 = good match, 1 = partial (weaker theme asset or adjacent theme), 0 = not relevant. */
  function gradeFor(themeKey, kind, assetId) {
    const theme = themeByKey.get(themeKey);
    const index = theme.assets[kind].indexOf(assetId);
    if (index >= 0) return index < 3 ? 3 : index < 7 ? 2 : 1;
    const adjacent = theme.adjacent && themeByKey.get(theme.adjacent);
    if (adjacent && adjacent.assets[kind].indexOf(assetId) >= 0 && adjacent.assets[kind].indexOf(assetId) < 2) return 1;
    return 0;
  }

  /** Assets of `kind` that are certainly irrelevant to the theme (neither its own nor its neighbours'). */
  function distractors(themeKey, kind) {
    const theme = themeByKey.get(themeKey);
    return themes.filter((other) => other.key !== theme.key && other.key !== theme.adjacent && other.adjacent !== theme.key)
      .flatMap((other) => other.assets[kind]).concat(stockDistractors[kind]);
  }

  const catalogById = new Map(catalog.map((asset) => [asset.asset_id, asset]));
  return { themes, themeByKey, bypassPool, catalog, catalogById, gradeFor, distractors };
}
