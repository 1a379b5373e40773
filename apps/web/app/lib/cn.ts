import { type ClassNameValue, createTailwindMerge, validators } from 'tailwind-merge';

const { isAny, isArbitraryLength, isArbitraryShadow, isArbitraryValue, isArbitraryVariable } = validators;
const { isArbitraryVariableLength, isArbitraryVariableShadow, isArbitraryWeight, isArbitraryVariableWeight } =
  validators;
const { isArbitraryNumber, isFraction, isInteger, isNumber, isTshirtSize } = validators;

/*
 * The scales below copy tailwind-merge 3.7's default config for the groups they serve, with the theme written in
 * place (`spacing` is `px` or a number, sizes are t-shirt sizes, any other value is a colour).
 */
const arbitrary = [isArbitraryVariable, isArbitraryValue] as const;
const spacing = [...arbitrary, 'px', isNumber] as const;
const margin = ['auto', ...spacing] as const;
const inset = [isFraction, 'full', 'auto', ...spacing] as const;
const viewport = ['dvw', 'dvh', 'lvw', 'lvh', 'svw', 'svh', 'min', 'max', 'fit'] as const;
const sizing = [isFraction, 'auto', 'full', ...viewport, ...spacing] as const;
const color = [isAny] as const;
const borderWidth = ['', isNumber, isArbitraryVariableLength, isArbitraryLength] as const;
const radius = ['', 'none', 'full', isTshirtSize, ...arbitrary] as const;
const overflow = ['auto', 'hidden', 'clip', 'visible', 'scroll'] as const;
const gridTemplate = [isInteger, 'none', 'subgrid', ...arbitrary] as const;
const gridSpan = ['auto', { span: ['full', isInteger, ...arbitrary] }, isInteger, ...arbitrary] as const;
const gridLine = [isInteger, 'auto', ...arbitrary] as const;
const alignSecondary = ['start', 'end', 'center', 'stretch', 'center-safe', 'end-safe'] as const;

/**
 * tailwind-merge with only the class groups this shop's classes use. The library's default config knows every
 * Tailwind utility and is most of its weight in every page's first-load JavaScript (issue 25: 9 kB gzip for
 * `twMerge`, 5.6 kB for this merge). `cn.test.ts` merges every pair of the classes Tailwind builds from `app/` with
 * this config and with the full default and expects the same result, so a class from a group missing here fails that
 * test: add the group, copied from tailwind-merge's `default-config.ts`, with its conflicts. Groups sharing a prefix
 * keep the default's order, because a value is tried against the earlier group first (`text-sm` is a size,
 * `text-accent-700` a colour). `app.css` keeps this file out of Tailwind's scan: its keywords are not the shop's.
 */
const mergeShopClasses = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups: {
    // Layout
    aspect: [{ aspect: ['auto', 'square', 'video', isFraction, ...arbitrary] }],
    container: ['container'],
    display: [
      ...['block', 'inline-block', 'inline', 'flex', 'inline-flex', 'table', 'inline-table', 'flow-root'],
      ...['grid', 'inline-grid', 'contents', 'list-item', 'hidden'],
    ],
    isolation: ['isolate', 'isolation-auto'],
    'object-fit': [{ object: ['contain', 'cover', 'fill', 'none', 'scale-down'] }],
    overflow: [{ overflow }],
    'overflow-x': [{ 'overflow-x': overflow }],
    'overflow-y': [{ 'overflow-y': overflow }],
    overscroll: [{ overscroll: ['auto', 'contain', 'none'] }],
    position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
    inset: [{ inset }],
    'inset-x': [{ 'inset-x': inset }],
    'inset-y': [{ 'inset-y': inset }],
    top: [{ top: inset }],
    right: [{ right: inset }],
    bottom: [{ bottom: inset }],
    left: [{ left: inset }],
    visibility: ['visible', 'invisible', 'collapse'],
    z: [{ z: [isInteger, 'auto', ...arbitrary] }],
    // Flexbox and grid
    basis: [{ basis: [isFraction, 'full', 'auto', isTshirtSize, ...spacing] }],
    'flex-direction': [{ flex: ['row', 'row-reverse', 'col', 'col-reverse'] }],
    'flex-wrap': [{ flex: ['nowrap', 'wrap', 'wrap-reverse'] }],
    flex: [{ flex: [isNumber, isFraction, 'auto', 'initial', 'none', isArbitraryValue] }],
    grow: [{ grow: ['', isNumber, ...arbitrary] }],
    shrink: [{ shrink: ['', isNumber, ...arbitrary] }],
    order: [{ order: [isInteger, 'first', 'last', 'none', ...arbitrary] }],
    'grid-cols': [{ 'grid-cols': gridTemplate }],
    'col-start-end': [{ col: gridSpan }],
    'col-start': [{ 'col-start': gridLine }],
    'grid-rows': [{ 'grid-rows': gridTemplate }],
    'row-start-end': [{ row: gridSpan }],
    'row-start': [{ 'row-start': gridLine }],
    gap: [{ gap: spacing }],
    'gap-x': [{ 'gap-x': spacing }],
    'gap-y': [{ 'gap-y': spacing }],
    'justify-content': [{ justify: [...alignSecondary, 'between', 'around', 'evenly', 'baseline', 'normal'] }],
    'align-items': [{ items: [...alignSecondary, { baseline: ['', 'last'] }] }],
    'align-self': [{ self: ['auto', ...alignSecondary, { baseline: ['', 'last'] }] }],
    'place-items': [{ 'place-items': [...alignSecondary, 'baseline'] }],
    // Spacing
    p: [{ p: spacing }],
    px: [{ px: spacing }],
    py: [{ py: spacing }],
    pt: [{ pt: spacing }],
    pr: [{ pr: spacing }],
    pb: [{ pb: spacing }],
    pl: [{ pl: spacing }],
    m: [{ m: margin }],
    mx: [{ mx: margin }],
    my: [{ my: margin }],
    mt: [{ mt: margin }],
    mr: [{ mr: margin }],
    mb: [{ mb: margin }],
    ml: [{ ml: margin }],
    'space-y': [{ 'space-y': spacing }],
    // Sizing
    size: [{ size: sizing }],
    w: [{ w: [isTshirtSize, 'screen', ...sizing] }],
    'min-w': [{ 'min-w': [isTshirtSize, 'screen', 'none', ...sizing] }],
    'max-w': [{ 'max-w': [isTshirtSize, 'screen', 'none', 'prose', { screen: [isTshirtSize] }, ...sizing] }],
    h: [{ h: ['screen', 'lh', ...sizing] }],
    'min-h': [{ 'min-h': ['screen', 'lh', 'none', ...sizing] }],
    'max-h': [{ 'max-h': ['screen', 'lh', 'none', ...sizing] }],
    // Typography
    'font-size': [{ text: ['base', isTshirtSize, isArbitraryVariableLength, isArbitraryLength] }],
    'font-family': [{ font: ['sans', 'mono'] }],
    'font-smoothing': ['antialiased', 'subpixel-antialiased'],
    'font-style': ['italic', 'not-italic'],
    'font-weight': [
      {
        font: [
          ...['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black'],
          isArbitraryVariableWeight,
          isArbitraryWeight,
        ],
      },
    ],
    'fvn-spacing': ['proportional-nums', 'tabular-nums'],
    tracking: [{ tracking: ['tighter', 'tight', 'normal', 'wide', 'wider', 'widest', ...arbitrary] }],
    'line-clamp': [{ 'line-clamp': [isNumber, 'none', isArbitraryVariable, isArbitraryNumber] }],
    leading: [{ leading: ['none', 'tight', 'snug', 'normal', 'relaxed', 'loose', ...spacing] }],
    'list-style-type': [{ list: ['disc', 'decimal', 'none', ...arbitrary] }],
    'text-alignment': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
    content: [{ content: ['none', ...arbitrary] }],
    'text-color': [{ text: color }],
    'text-decoration': ['underline', 'overline', 'line-through', 'no-underline'],
    'underline-offset': [{ 'underline-offset': [isNumber, 'auto', ...arbitrary] }],
    'text-transform': ['uppercase', 'lowercase', 'capitalize', 'normal-case'],
    'text-overflow': ['truncate', 'text-ellipsis', 'text-clip'],
    'vertical-align': [
      { align: ['baseline', 'top', 'middle', 'bottom', 'text-top', 'text-bottom', 'sub', 'super', ...arbitrary] },
    ],
    whitespace: [{ whitespace: ['normal', 'nowrap', 'pre', 'pre-line', 'pre-wrap', 'break-spaces'] }],
    break: [{ break: ['normal', 'words', 'all', 'keep'] }],
    // Backgrounds
    'bg-color': [{ bg: color }],
    'gradient-from': [{ from: color }],
    'gradient-via': [{ via: color }],
    'gradient-to': [{ to: color }],
    // Borders and outlines
    rounded: [{ rounded: radius }],
    'rounded-r': [{ 'rounded-r': radius }],
    'rounded-l': [{ 'rounded-l': radius }],
    'border-w': [{ border: borderWidth }],
    'border-w-y': [{ 'border-y': borderWidth }],
    'border-w-t': [{ 'border-t': borderWidth }],
    'border-w-r': [{ 'border-r': borderWidth }],
    'border-w-b': [{ 'border-b': borderWidth }],
    'border-w-l': [{ 'border-l': borderWidth }],
    'divide-y': [{ 'divide-y': borderWidth }],
    'border-style': [{ border: ['solid', 'dashed', 'dotted', 'double', 'hidden', 'none'] }],
    'border-color': [{ border: color }],
    'divide-color': [{ divide: color }],
    'outline-style': [{ outline: ['solid', 'dashed', 'dotted', 'double', 'none', 'hidden'] }],
    'outline-offset': [{ 'outline-offset': [isNumber, ...arbitrary] }],
    'outline-w': [{ outline: borderWidth }],
    'outline-color': [{ outline: color }],
    // Effects and filters
    shadow: [{ shadow: ['', 'inner', 'none', isTshirtSize, isArbitraryVariableShadow, isArbitraryShadow] }],
    'shadow-color': [{ shadow: color }],
    'ring-w': [{ ring: borderWidth }],
    'ring-color': [{ ring: color }],
    opacity: [{ opacity: [isNumber, ...arbitrary] }],
    filter: [{ filter: ['', 'none', ...arbitrary] }],
    blur: [{ blur: ['', 'none', isTshirtSize, ...arbitrary] }],
    // Tables, transitions, transforms
    'border-collapse': [{ border: ['collapse', 'separate'] }],
    transition: [{ transition: ['', 'all', 'colors', 'opacity', 'shadow', 'transform', 'none', ...arbitrary] }],
    duration: [{ duration: [isNumber, 'initial', ...arbitrary] }],
    ease: [{ ease: ['linear', 'initial', 'in', 'out', 'in-out', ...arbitrary] }],
    rotate: [{ rotate: ['none', isNumber, ...arbitrary] }],
    'translate-x': [{ 'translate-x': [isFraction, 'full', ...spacing] }],
    'translate-y': [{ 'translate-y': [isFraction, 'full', ...spacing] }],
    // Interactivity and accessibility
    accent: [{ accent: color }],
    cursor: [{ cursor: ['auto', 'default', 'pointer', 'wait', 'text', 'move', 'help', 'not-allowed', 'none', 'copy'] }],
    'pointer-events': [{ 'pointer-events': ['auto', 'none'] }],
    resize: [{ resize: ['none', '', 'y', 'x'] }],
    'scroll-mt': [{ 'scroll-mt': spacing }],
    'scroll-mb': [{ 'scroll-mb': spacing }],
    'snap-align': [{ snap: ['start', 'end', 'center', 'align-none'] }],
    'snap-strictness': [{ snap: ['mandatory', 'proximity'] }],
    'snap-type': [{ snap: ['none', 'x', 'y', 'both'] }],
    sr: ['sr-only', 'not-sr-only'],
  },
  conflictingClassGroups: {
    overflow: ['overflow-x', 'overflow-y'],
    inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
    'inset-x': ['right', 'left'],
    'inset-y': ['top', 'bottom'],
    flex: ['basis', 'grow', 'shrink'],
    gap: ['gap-x', 'gap-y'],
    p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
    px: ['pr', 'pl'],
    py: ['pt', 'pb'],
    m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml'],
    mx: ['mr', 'ml'],
    my: ['mt', 'mb'],
    size: ['w', 'h'],
    'font-size': ['leading'],
    'line-clamp': ['display', 'overflow'],
    rounded: ['rounded-r', 'rounded-l'],
    'border-w': ['border-w-y', 'border-w-t', 'border-w-r', 'border-w-b', 'border-w-l'],
    'border-w-y': ['border-w-t', 'border-w-b'],
  },
  conflictingClassGroupModifiers: { 'font-size': ['leading'] },
  orderSensitiveModifiers: [
    ...['*', '**', 'after', 'backdrop', 'before', 'details-content', 'file', 'first-letter', 'first-line'],
    ...['marker', 'placeholder', 'selection'],
  ],
}));

/**
 * The one way to join class names: parts that are falsy are left out, and where two Tailwind classes set the same
 * thing the later one wins. Without the merge the stylesheet's order decides, not the caller: `px-4 px-3` pads by
 * `px-4`, because Tailwind writes `.px-4` after `.px-3`, so an override such as
 * `buttonClassName('secondary', 'px-3 py-1.5')` silently lost (issue 25).
 */
export function cn(...classes: ClassNameValue[]): string {
  return mergeShopClasses(...classes);
}
