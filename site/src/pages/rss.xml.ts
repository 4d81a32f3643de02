import { getCollection } from 'astro:content';
import type { APIRoute } from 'astro';
import { rssFeed } from '../lib/rss';

export const GET: APIRoute = async ({ site }) =>
  new Response(rssFeed('sv', await getCollection('articles'), site ?? new URL('https://kollab.se')), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' },
  });
