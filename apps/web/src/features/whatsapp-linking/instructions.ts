/** Where the instruction videos live: the help centre's videos section (the e-mailed video points there too). */
export const INSTRUCTION_VIDEOS_PATH = '/help#videos';

export function instructionVideosUrl(origin: string = window.location.origin): string {
  return `${origin}${INSTRUCTION_VIDEOS_PATH}`;
}
