// Wording of prompts, queries and replies for the creative assistant.

const fill = (template, vars) => template.replace(/\{(\w+)\}/g, (_, name) => vars[name]);

const PROMPTS = {
  findFont: ['Find a {mood} font for the heading', 'I need a more {mood} font here'],
  findImage: ['Find a {subject} photo for the background', 'Add a {subject} image'],
  find: ['Find me a {style} {label} template', 'I need a {label}, something {style}', 'Can you get me a {label} template? {style} vibe please', 'Looking for a {label} — {style} if possible'],
  browse: ['Show me some {label} ideas', 'What {label} designs do you have?', 'Can I see a few {style} {label} options?'],
  operate: ['Find a {subject} image and remove the background', 'Get me a {subject} photo and crop it square', 'Find a {subject} picture and put it behind the title'],
  reference: ['Write a headline for my {label} in the style of your {label} templates', 'Suggest copy for a {label}, like the {style} ones you have', 'What font goes with a {style} {label}?'],
  step: ['Make a full {label} kit: poster, Instagram story and a banner', 'Build me a {label} set with a matching photo and font'],
  contextual: ['Something like that but more {style}', 'Show me ones like the second one, but {style}', 'Similar, but {style}'],
  research: ['No, I meant {style} {label}s', 'Those are not {label}s — try {style} ones', 'Try again: a {label}, {style}'],
  missed: ['Find me a {label} template', 'I want a {style} {label}', 'Get me something to start from: a {label}'],
};

// The LARA paper's own example, kept verbatim for the birthday theme.
const BIRTHDAY_CN = '找一张生日邀请函模板，把标题改成小明 6 岁生日';

const QUERIES = {
  findFont: ['{mood} font', '{mood} heading font'],
  findImage: ['{subject}', '{subject} background'],
  find: ['{style} {label} template', '{label} template', '{label} {style}'],
  browse: ['{label} ideas', '{style} {label}', '{label}'],
  operate: ['{subject}', '{subject} photo', '{subject} transparent'],
  reference: ['{label} headline examples', '{style} {label} copy', '{style} {label} examples'],
  contextual: ['{style} {label}', 'similar {label} {style}'],
  research: ['{label} {style} design', '{style} {label} layout'],
};

const STEP_QUERIES = { template: '{label} poster template', image: '{subject} photo', font: '{mood} display font' };

export const GENERATION_PROMPTS = [
  'Make the title bigger', 'Change the background to navy blue', 'Make it a bit bluer', 'Use a bolder font for the heading',
  'Add my logo in the top corner', 'Move the date under the title', 'Make the colors warmer', 'Shorten the tagline',
  'Center everything', 'Add a thin gold border', 'Make the photo black and white', 'Write a catchier subtitle',
  '再蓝一点', '换个粗一点的字体', 'Swap the headline and the subtitle', 'Add a QR code placeholder at the bottom',
];

export const CORRECTION_PROMPTS = [
  'No, even bluer than that', 'Bigger than that, please', 'I meant the subtitle, not the title', 'Try a bolder font instead',
  'Too warm now, tone it down', 'Undo that and make the border thinner', 'Keep the photo in color after all',
];

export const MISROUTE_PROMPTS = ['Make the heading pop more', 'Can the layout breathe a bit', 'Swap the colors around', 'Give it more energy'];

export const TOOL_PROMPTS = [
  ['remove_background', 'Remove the background from the photo'], ['resize', 'Resize this for an Instagram story'],
  ['animate', 'Animate the title'], ['translate', 'Translate the text into Spanish'], ['brand_kit', 'Apply my brand colors'],
];

export const FOLLOW_UP_PROMPTS = ['Resize this for an Instagram story', 'Make a square version for Facebook', 'Change the date to next Saturday', 'Make the title a little larger'];

/** The words one need is about; the prompt and the query it becomes share them. */
export function pickWords(rng, theme) {
  return { label: theme.label, style: rng.pick(theme.styles), subject: rng.pick(theme.subjects), mood: theme.mood };
}

export function promptText(rng, theme, role, words = pickWords(rng, theme)) {
  if (role === 'find' && theme.key === 'birthday' && rng.chance(0.2)) return BIRTHDAY_CN;
  return fill(rng.pick(PROMPTS[role]), words);
}

export const queryText = (rng, theme, role, words = pickWords(rng, theme)) => fill(rng.pick(QUERIES[role]), words);

export const stepQuery = (rng, theme, kind, words = pickWords(rng, theme)) => fill(STEP_QUERIES[kind], words);

export function libraryQuery(rng, theme) {
  return fill(rng.pick(['{label}', '{style} {label}', '{label} template', '{subject}']), pickWords(rng, theme));
}

export function replyText(kind, detail) {
  switch (kind) {
    case 'retrieval': return `Here are some options. I used "${detail}" for your design.`;
    case 'shown': return `I found a few ${detail} you can pick from.`;
    case 'empty': return `I could not find matching ${detail}; want me to create one from scratch?`;
    case 'library': return `${detail} results`;
    case 'tool': return `Done — applied ${detail}.`;
    case 'missed': return `I designed a ${detail} from scratch for you.`;
    default: return `Done — I updated the design (${detail.toLowerCase()}).`;
  }
}

export const COMPLAINTS = ['That is not what I asked for', 'These do not match my theme at all', 'Wrong kind of image', 'None of these fit'];
export const DOWNSTREAM_COMMENTS = ['The template is fine but the colors came out wrong', 'Text overlaps the photo', 'Layout got messed up after the edit'];
export const UP_COMMENTS = ['Perfect, thanks!', 'Love it', 'Exactly what I needed', ''];
