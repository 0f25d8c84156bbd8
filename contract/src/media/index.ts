/** `@shop/contract/media`: responsive pictures and the limits of uploaded ones. */
export * from './responsiveImage';
export * from './uploadedImage';
export * from './videoEmbed';
