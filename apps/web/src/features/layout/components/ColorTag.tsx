import { Tag, type TagProps } from 'antd';
import { colorTagStyle, readableOn } from '../../../lib/contrast';

interface ColorTagProps extends Omit<TagProps, 'color' | 'variant'> {
  /** The colour the company gave the tag (#rrggbb); none: antd's default tag. */
  color?: string | null;
  /** 'solid': white text on the colour; otherwise the colour's pale tint with its text in the colour. */
  variant?: 'filled' | 'outlined' | 'solid';
}

/**
 * A tag in a colour the company chose, legible whatever the colour (issue 22, WCAG 2.1 §1.4.3): antd writes a custom
 * colour's text in the colour itself on its pale tint, 1.8:1 for a yellow; here the text, or the solid background
 * behind white text, is darkened in the same hue until it reads at 4.5:1.
 */
export function ColorTag({ color, variant = 'filled', style, ...props }: ColorTagProps) {
  if (!color) return <Tag variant={variant} style={style} {...props} />;
  const colors =
    variant === 'solid'
      ? { backgroundColor: readableOn(color, '#ffffff'), borderColor: 'transparent', color: '#ffffff' }
      : colorTagStyle(color);
  const border = variant === 'filled' ? { borderColor: 'transparent' } : {};
  return <Tag variant={variant} style={{ ...colors, ...border, ...style }} {...props} />;
}
