/**
 * The checkpointer thread's connection, as both threads see it in a shared Int32Array: the
 * thread moves STARTING to OPEN before it opens the database, the writer STARTING to STOPPING
 * when it closes first. Whichever moves first decides: a thread told to stop never opens, and a
 * writer whose thread is open waits for CLOSED.
 */
export const STARTING = 0;
export const OPEN = 1;
export const CLOSED = 2;
export const STOPPING = 3;
