import 'server-only';
import { cache } from 'react';
import { makeQueryClient } from '../query-client';

/** One QueryClient per server request (React cache), shared by the layout and page that prefetch. */
export const getQueryClient = cache(makeQueryClient);
