import { zodResolver } from '@hookform/resolvers/zod';
import { TimelineNoteBody } from '@kontora/contract/customer-timeline';
import type { Resolver } from 'react-hook-form';
import { resolverOptions } from '../../../../lib/form-errors.ts';

export type NoteValues = { body: string };

/** The note form's check (the server's own schema); note-form.tsx loads it on first use. */
export const noteResolver = zodResolver(TimelineNoteBody, resolverOptions) as unknown as Resolver<NoteValues>;
