"""Colours as the reader's screen gets them, for the browser checks.

Engines serialise a relative colour (the sheet's palette) as oklch(), not rgb(); TO_RGB, a
script expression, turns any CSS colour into `rgb(r, g, b)` or `rgba(r, g, b, a)` by painting it
on a canvas, so the checks compare and measure the 8-bit sRGB that is drawn.
"""

TO_RGB = """(() => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const context = canvas.getContext('2d', {willReadFrequently: true});
  return css => {
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = '#000';
    context.fillStyle = css;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
    return a === 255 ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${Math.round(a / 255 * 1000) / 1000})`;
  };
})()"""


def srgb(css):
    """`rgb(…)` or `rgba(…)` as [red, green, blue, alpha], channels 0-255, alpha 0-1."""
    parts = css[css.index("(") + 1:css.index(")")].replace(",", " ").replace("/", " ").split()
    values = [float(part) for part in parts]
    return values[:3] + [values[3] if len(values) > 3 else 1.0]


def luminance(colour):
    """WCAG's relative luminance of an rgb() string or an [r, g, b, a] list."""
    red, green, blue = (srgb(colour) if isinstance(colour, str) else colour)[:3]

    def linear(channel):
        channel /= 255
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(foreground, background):
    """WCAG's contrast ratio; a translucent foreground is laid over the background first."""
    front, back = srgb(foreground), srgb(background)
    alpha = front[3]
    seen = [front[i] * alpha + back[i] * (1 - alpha) for i in range(3)]
    lighter, darker = sorted((luminance(seen), luminance(back[:3])), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def is_dark(colour):
    """A dark surface: what a sheet on it must be too."""
    return luminance(colour) < 0.2
