/**
 * The inline stylesheet of the server's first screen (firstScreen.ts). Each rule copies the
 * catalog's CSS Module it stands for, with the same breakpoints, so the markup the browser paints
 * first has the boxes the catalog's page will have: the shell's Layout `main`
 * (shell/src/frame/Layout.module.css), the home's hero (features/home/home.module.css), the
 * listing (features/listing/listing.module.css), the cards (features/products/products.module.css)
 * and the product page (features/product/product.module.css). A change of those layouts changes
 * this copy too: e2e/tests/first-screen.spec.ts measures that nothing moves when the catalog
 * takes over. Class names carry `fs-`, outside every CSS Module's hashed names. The buttons are
 * disabled until then, drawn as the enabled ones (no pointer cursor) so nothing changes at the
 * take-over.
 */
export const FIRST_SCREEN_CSS = [
  // The shell's Layout main (its global reset, main.css, is linked in the page's head).
  '.fs-main{flex:1;min-height:100vh;width:100%;max-width:1240px;margin:0 auto;padding:1rem;box-sizing:border-box}',
  // Home: the hero.
  '.fs-home{display:flex;flex-direction:column;gap:2rem}',
  '.fs-hero-viewport{overflow:hidden;border-radius:8px;height:320px}',
  '.fs-hero-slide{position:relative;height:100%;overflow:hidden;background:#2d1646}',
  '.fs-hero .fs-hero-image{width:100%;height:100%;object-fit:cover;display:block;opacity:.55}',
  '.fs-hero-text{position:absolute;inset:0;display:flex;flex-direction:column;justify-content:center;align-items:flex-start;gap:.5rem;padding:2rem 3rem;color:#fff}',
  '.fs-hero-text p{margin:0}',
  '.fs-hero-title{font-size:2rem;font-weight:700}',
  '.fs-offer{background:#f0a500;color:#1d1b26;padding:.15rem .5rem;border-radius:3px;font-weight:700}',
  '.fs-button{display:inline-block;padding:.5rem 1rem;border-radius:4px;background:#f0a500;color:#1d1b26;font-weight:600;text-decoration:none}',
  '.fs-hero-dots{display:flex;justify-content:center;gap:.25rem;margin:.25rem 0 0;padding:0;list-style:none}',
  '.fs-hero-dots span{display:grid;place-items:center;width:24px;height:24px}',
  '.fs-hero-dots span::before{content:"";width:.75rem;height:.75rem;border:1px solid #5b2a86;border-radius:50%;background:#fff}',
  '.fs-hero-dots li:first-child span::before{background:#5b2a86}',
  '@media (max-width:767px){.fs-hero-viewport{height:240px}.fs-hero-text{padding:1rem 1.5rem}.fs-hero-title{font-size:1.3rem}}',
  // Listing.
  '.fs-listing{display:flex;flex-direction:column;gap:1rem}',
  '.fs-crumbs ol{overflow-wrap:anywhere;list-style:none;display:flex;flex-wrap:wrap;gap:.4rem;padding:0;margin:0;font-size:.9rem}',
  '.fs-crumbs li+li::before{content:">";margin-right:.4rem;color:#6b6b80}',
  '.fs-layout{display:grid;grid-template-columns:250px 1fr;gap:1.5rem;align-items:start}',
  '.fs-aside{display:flex;flex-direction:column;gap:.75rem}',
  '.fs-toggle{display:none}',
  '.fs-results{min-width:0;overflow-wrap:anywhere}',
  '.fs-results-head{display:flex;justify-content:space-between;align-items:flex-start;gap:1rem;flex-wrap:wrap}',
  '.fs-results-head h1{margin:0}',
  '.fs-sort{display:flex;gap:.5rem;align-items:center}',
  '.fs-no-results{padding:2rem;text-align:center;font-weight:600}',
  '@media (max-width:767px){.fs-layout{grid-template-columns:1fr}.fs-toggle{display:block;padding:.5rem;border:1px solid #5b2a86;border-radius:4px;background:#fff;color:#5b2a86}}',
  // Product cards.
  '.fs-grid{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(190px,1fr));gap:1rem}',
  '.fs-card{position:relative;display:flex;flex-direction:column;gap:.35rem;height:100%;padding:.75rem;background:#fff;border:1px solid #ebe7f0;border-radius:8px}',
  '.fs-media{position:relative}',
  '.fs-image-link img{display:block;width:100%;aspect-ratio:1;object-fit:cover;border-radius:6px}',
  '.fs-badges{position:absolute;top:1rem;left:1rem;display:flex;flex-direction:column;gap:.25rem}',
  '.fs-badge{font-size:.7rem;padding:.1rem .4rem;border-radius:3px;background:#c2185b;color:#fff}',
  '.fs-badge-dark{background:#333}',
  '.fs-category{margin:0;font-size:.75rem;color:#6b6b80;text-transform:uppercase}',
  '.fs-title{margin:0;font-size:.95rem;flex:1}',
  '.fs-title a{color:inherit;text-decoration:none}',
  '.fs-last{margin:0;color:#b3261e;font-size:.8rem}',
  '.fs-rating{display:inline-flex;align-items:center;gap:.3rem;font-size:.85rem}',
  '.fs-stars{position:relative;display:inline-block;color:#c9c4d3;letter-spacing:1px}',
  '.fs-stars-fill{position:absolute;inset:0 auto 0 0;overflow:hidden;color:#f0a500;white-space:nowrap}',
  '.fs-rating-count{color:#6b6b80}',
  '.fs-price{display:flex;gap:.5rem;align-items:baseline;font-weight:700;color:#2d1646}',
  '.fs-old{font-weight:400;color:#6b6b80;font-size:.85rem}',
  '.fs-add-wrap{display:flex;flex-direction:column;gap:.25rem}',
  '.fs-add{display:inline-block;text-align:center;padding:.5rem .75rem;border:0;border-radius:4px;background:#5b2a86;color:#fff}',
  '.fs-out{color:#6b6b80}',
  '.fs-heart-wrap,.fs-heart-corner{display:inline-flex;align-items:center;gap:.5rem}',
  '.fs-heart{font-size:1.4rem;line-height:1;background:none;border:0;color:#c2185b;padding:.25rem}',
  '.fs-heart-corner{position:absolute;top:.35rem;right:.35rem;z-index:2}',
  '.fs-heart-corner .fs-heart{width:2.25rem;height:2.25rem;border-radius:50%;background:rgb(255 255 255/92%);box-shadow:0 1px 4px rgb(0 0 0/20%)}',
  '@media (max-width:599px){.fs-grid{grid-template-columns:repeat(2,minmax(0,1fr));gap:.5rem}.fs-grid .fs-card{padding:.5rem}.fs-grid .fs-title{font-size:.9rem;overflow-wrap:anywhere}.fs-grid .fs-price{flex-wrap:wrap;column-gap:.35rem}.fs-grid .fs-badges{top:.75rem;left:.75rem}}',
  // Product page.
  '.fs-page{background:#fff;padding:1rem;border-radius:8px;overflow-wrap:anywhere}',
  '.fs-breadcrumb{font-size:.85rem;margin-bottom:1rem}',
  '.fs-product{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:2rem}',
  '@media (max-width:767px){.fs-product{grid-template-columns:1fr}}',
  '.fs-gallery{display:grid;gap:.75rem;align-content:start}',
  '.fs-stage{margin:0;position:relative}',
  '.fs-main-image{display:block;width:100%;height:auto;border-radius:8px}',
  '.fs-video{width:100%;aspect-ratio:16/9;border-radius:8px;background:#000}',
  '.fs-zoom,.fs-share{font:inherit;padding:.4rem .9rem;border:1px solid #5b2a86;border-radius:4px;background:#fff;color:#5b2a86}',
  '.fs-zoom{margin-top:.5rem}',
  '.fs-thumbs{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:.5rem}',
  '.fs-thumb{position:relative;padding:0;border:2px solid transparent;border-radius:4px;background:none}',
  '.fs-thumb[aria-current="true"]{border-color:#5b2a86}',
  '.fs-thumb img{display:block;border-radius:2px}',
  '.fs-info h1{margin:.25rem 0}',
  '.fs-product-category{margin:0;color:#6b6b80;text-transform:uppercase;font-size:.8rem}',
  '.fs-flags{list-style:none;padding:0;display:flex;gap:.5rem}',
  '.fs-flags li{font-size:.75rem;padding:.1rem .5rem;border:1px solid #d9d4e2;border-radius:3px}',
  '.fs-rating-row{display:flex;align-items:center;flex-wrap:wrap;gap:.75rem}',
  '.fs-product-rating{margin:0}',
  '.fs-last-piece{color:#b3261e}',
  '.fs-product-price{font-size:1.5rem;margin:.5rem 0 1rem}',
  '.fs-actions{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center}',
].join('');
