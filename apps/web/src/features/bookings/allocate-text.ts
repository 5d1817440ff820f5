/** The allocate picker's and its outcome's words (apart from the picker, which loads on demand). */
export const ALLOCATE_TEXT = {
  title: 'Allocate',
  allocatedTo: (names: string) => `Allocated to ${names}`,
  allocatedNobody: 'No resource passes every check: nobody was allocated',
  undo: 'Undo',
  undone: 'Allocation undone',
};

/** What the picker did, said in words, with the way back. */
export type Allocated = { text: string; undo: () => Promise<void> };
