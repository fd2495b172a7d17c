/** The look of a link inside running text. */
export const textLinkClass =
  'rounded-sm font-semibold break-words text-teal-800 underline underline-offset-4 hover:text-teal-950 focus-ring';
