import { Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { Currency, NamedRef } from './catalogue';

const node = <C extends ReturnType<typeof Type.Array> | ReturnType<typeof Type.Tuple>>(child: C) =>
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    slug: Type.String(),
    image: Type.Union([Type.String(), Type.Null()]),
    child,
  });

/** The site map is exactly three levels deep: type → category → sub-category (a leaf). */
export const SitemapLeaf = node(Type.Tuple([]));
export const SitemapCategory = node(Type.Array(SitemapLeaf));
export const SitemapType = node(Type.Array(SitemapCategory));

export const StartupContent = Type.Object({
  config: Type.Object({ phone: Type.String(), hashtag: Type.String() }),
  socialChannels: Type.Partial(
    Type.Object({
      facebook: Type.String(),
      twitter: Type.String(),
      instagram: Type.String(),
      linkedin: Type.String(),
      youtube: Type.String(),
    }),
    { description: 'Only configured channels are present' },
  ),
  footerProductTypes: Type.Array(NamedRef),
  sitemap: Type.Array(SitemapType),
  frontendMessages: Type.Array(
    Type.Object({
      section: Type.String(),
      component: Type.String(),
      name: Type.String(),
      type: Type.Union([Type.Literal('Text'), Type.Literal('texts')]),
      texts: Type.Array(Type.String()),
    }),
  ),
  currencies: Type.Object({
    list: Type.Record(Type.String(), Currency),
    default: Type.String(),
  }),
});

/** `/startup-content` (backend/src/modules/startup). */
export const startupEndpoints = endpoints({
  'GET startup-content': {
    summary: 'Configuration, site map, currencies and messages every page needs',
    response: StartupContent,
  },
});
