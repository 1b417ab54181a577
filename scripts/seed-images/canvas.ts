// Pixel size of the product and category pictures, shared by the framing and the backdrops.

export const WIDTH = 800;
export const HEIGHT = 600;
