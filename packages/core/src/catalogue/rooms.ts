/**
 * The built-in moving-inventory catalogue (spec §3): eight rooms of furniture items. Room keys and
 * titles are the spec's verbatim, misspellings included (`dinning`, 'out Side', 'Sun Dries'), since
 * stored inventories and screens use them. Ids 31–38, 40–50 and 53 belong to no room.
 *
 * Volumes are cubic metres; prices are strings holding a number, as the seed data has them.
 */

export type CatalogueItem = {
  id: number;
  name: string;
  /** Icon URL path, `/catalogue/icons/<name-in-kebab-case>.svg`. */
  img: string;
  /** Cubic metres. */
  volume: number;
  unit: 'm3';
  /** A number written as text, e.g. `'10'`. */
  price: string;
};

export type RoomKey =
  | 'bedRoom'
  | 'lounge'
  | 'outside'
  | 'sundries'
  | 'kitchen'
  | 'dinning'
  | 'laundry'
  | 'hall';

export type InventoryLine = { id: number; qty: number };

export type Room = {
  key: RoomKey;
  title: string;
  data: readonly CatalogueItem[];
  /** The lines of a chosen inventory that are this room's items, with the item, in line order. */
  select: (inventory: readonly InventoryLine[]) => { item: CatalogueItem; qty: number }[];
};

type Row = readonly [id: number, name: string, volume: number, price: string];

function iconPath(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `/catalogue/icons/${slug}.svg`;
}

function room(key: RoomKey, title: string, rows: readonly Row[]): Room {
  const data = rows.map(
    ([id, name, volume, price]): CatalogueItem => ({
      id,
      name,
      img: iconPath(name),
      volume,
      unit: 'm3',
      price,
    }),
  );
  const byId = new Map(data.map((item) => [item.id, item]));
  return {
    key,
    title,
    data,
    select: (inventory) =>
      inventory.flatMap((line) => {
        const item = byId.get(line.id);
        return item ? [{ item, qty: line.qty }] : [];
      }),
  };
}

export const bedRoom = room('bedRoom', 'Bed Room', [
  [1, 'Single Bed', 0.85, '30'],
  [2, 'Double Bed', 1.2, '40'],
  [3, 'Queen Bed', 1.45, '45'],
  [4, 'King Bed', 1.7, '50'],
  [5, 'Bunk Bed', 1.6, '50'],
  [6, 'Cot', 0.48, '40'],
  [7, 'Single Mattress', 0.48, '40'],
  [8, 'Double Mattress', 0.6, '40'],
  [9, 'Queen Mattress', 0.7, '45'],
  [10, 'King Mattress', 0.85, '50'],
  [11, 'Bedside Table', 0.12, '30'],
  [12, 'Chest of Drawers', 0.48, '40'],
  [13, 'Tallboy', 0.612, '2'],
  [14, 'Dressing Table', 0.612, '2'],
  [15, 'Single Wardrobe', 0.9, '35'],
  [16, 'Double Wardrobe', 1.6, '50'],
  [17, 'Mirror', 0.12, '30'],
  [18, 'Bedroom Chair', 0.3, '10'],
  [19, 'Blanket Box', 0.35, '15'],
  [20, 'Desk', 0.612, '2'],
  [21, 'Desk Chair', 0.25, '8'],
  [22, 'Bookcase', 0.612, '2'],
  [23, 'Floor Lamp', 0.12, '30'],
  [24, 'Toy Box', 0.2, '10'],
]);

export const lounge = room('lounge', 'Lounge', [
  [25, 'Armchair', 0.612, '10'],
  [26, 'Two Seater Sofa', 1.2, '30'],
  [27, 'Three Seater Sofa', 1.8, '40'],
  [28, 'Corner Sofa', 2.5, '60'],
  [29, 'Coffee Table', 0.3, '10'],
  [30, 'Side Table', 0.12, '30'],
  [39, 'TV Unit', 0.48, '40'],
  [51, 'Television', 0.2, '25'],
  [52, 'Recliner', 0.85, '20'],
  [54, 'Display Cabinet', 0.8, '35'],
]);

export const outside = room('outside', 'out Side', [
  [55, 'Outdoor Table', 0.8, '25'],
  [56, 'Outdoor Chair', 0.25, '5'],
  [57, 'Sun Lounger', 0.48, '40'],
  [58, 'Barbecue', 0.612, '2'],
  [59, 'Gas Bottle', 0.12, '30'],
  [60, 'Lawn Mower', 0.48, '40'],
  [61, 'Ride-on Mower', 2.2, '80'],
  [62, 'Wheelbarrow', 0.4, '10'],
  [63, 'Garden Bench', 0.6, '20'],
  [64, 'Umbrella', 0.12, '30'],
  [65, 'Umbrella Base', 0.05, '10'],
  [66, 'Small Pot Plant', 0.12, '30'],
  [67, 'Large Pot Plant', 0.48, '40'],
  [68, 'Bicycle', 0.5, '15'],
  [69, 'Kids Bike', 0.25, '8'],
  [70, 'Trampoline', 1.5, '60'],
  [71, 'Swing Set', 1.2, '50'],
  [72, 'Garden Shed', 3, '120'],
  [73, 'Ladder', 0.2, '10'],
  [74, 'Tool Box', 0.12, '30'],
  [75, 'Workbench', 0.9, '30'],
  [76, 'Hose Reel', 0.12, '30'],
  [77, 'Whipper Snipper', 0.1, '5'],
  [78, 'Leaf Blower', 0.08, '5'],
  [79, 'Pressure Washer', 0.2, '10'],
  [80, 'Esky', 0.15, '5'],
  [81, 'Outdoor Heater', 0.612, '2'],
  [82, 'Kayak', 0.9, '35'],
]);

export const sundries = room('sundries', 'Sun Dries', [
  [83, 'Small Box', 0.05, '2'],
  [84, 'Medium Box', 0.1, '3'],
  [85, 'Large Box', 0.15, '4'],
  [86, 'Book Box', 0.05, '3'],
  [87, 'Wine Box', 0.06, '3'],
  [88, 'Port-a-Robe', 0.3, '8'],
  [89, 'Suitcase', 0.12, '30'],
  [90, 'Golf Bag', 0.2, '8'],
  [91, 'Vacuum Cleaner', 0.12, '30'],
  [92, 'Ironing Board', 0.06, '5'],
  [93, 'Heater', 0.12, '30'],
  [94, 'Pedestal Fan', 0.12, '30'],
  [95, 'Portable Air Conditioner', 0.25, '15'],
  [96, 'Computer', 0.12, '30'],
  [97, 'Printer', 0.1, '10'],
  [98, 'Filing Cabinet', 0.48, '40'],
  [99, 'Upright Piano', 1.5, '150'],
  [100, 'Guitar', 0.1, '10'],
  [101, 'Treadmill', 1.2, '60'],
  [102, 'Exercise Bike', 0.6, '30'],
  [103, 'Rug', 0.12, '30'],
  [104, 'Picture', 0.05, '5'],
  [105, 'Grandfather Clock', 0.48, '40'],
  [106, 'Pram', 0.4, '10'],
  [107, 'High Chair', 0.25, '8'],
  [108, 'Safe', 0.3, '60'],
  [109, 'Aquarium', 0.48, '40'],
]);

export const kitchen = room('kitchen', 'Kitchen', [
  [110, 'Fridge', 0.192, '20'],
  [111, 'Double Door Fridge', 1.2, '45'],
  [112, 'Chest Freezer', 0.9, '35'],
  [113, 'Upright Freezer', 0.7, '30'],
  [114, 'Microwave', 0.12, '30'],
  [115, 'Dishwasher', 0.48, '40'],
  [116, 'Freestanding Oven', 0.612, '2'],
  [117, 'Kitchen Table', 0.8, '25'],
  [118, 'Kitchen Chair', 0.2, '5'],
  [119, 'Bar Stool', 0.15, '5'],
  [120, 'Kitchen Trolley', 0.3, '10'],
  [121, 'Pantry Cupboard', 0.9, '35'],
  [122, 'Coffee Machine', 0.12, '30'],
  [123, 'Rubbish Bin', 0.12, '30'],
  [124, 'Kitchen Dresser', 1.1, '40'],
  [125, 'Wine Rack', 0.3, '10'],
  [126, 'Water Cooler', 0.2, '10'],
]);

export const dinning = room('dinning', 'Dining', [
  [127, 'Four Seater Dining Table', 0.8, '25'],
  [128, 'Six Seater Dining Table', 1.2, '35'],
  [129, 'Eight Seater Dining Table', 1.6, '45'],
  [130, 'Dining Chair', 0.2, '5'],
  [131, 'Carver Chair', 0.25, '6'],
  [132, 'Buffet', 0.9, '35'],
  [133, 'Hutch', 0.612, '2'],
  [134, 'Sideboard', 0.8, '30'],
  [135, 'China Cabinet', 0.9, '40'],
  [136, 'Bar Cart', 0.3, '10'],
  [137, 'Bench Seat', 0.4, '10'],
  [138, 'Wine Cabinet', 0.48, '40'],
  [139, 'Serving Trolley', 0.3, '10'],
  [140, 'Chandelier', 0.12, '30'],
]);

export const laundry = room('laundry', 'Laundry', [
  [141, 'Washing Machine', 0.6, '15'],
  [142, 'Dryer', 0.48, '40'],
  [143, 'Laundry Basket', 0.12, '30'],
  [144, 'Clothes Airer', 0.12, '10'],
  [145, 'Laundry Cabinet', 0.48, '40'],
]);

export const hall = room('hall', 'Hall', [
  [146, 'Hall Table', 0.48, '40'],
  [147, 'Hall Stand', 0.612, '2'],
  [148, 'Shoe Rack', 0.2, '8'],
  [149, 'Coat Rack', 0.12, '30'],
  [150, 'Umbrella Stand', 0.05, '5'],
  [151, 'Hall Mirror', 0.12, '30'],
  [152, 'Console Table', 0.48, '40'],
  [153, 'Telephone Table', 0.12, '30'],
]);

/** The rooms in the catalogue's order. */
export const ROOMS: readonly Room[] = [bedRoom, lounge, outside, sundries, kitchen, dinning, laundry, hall];

const ITEMS = new Map<number, { item: CatalogueItem; room: Room }>(
  ROOMS.flatMap((r) => r.data.map((item) => [item.id, { item, room: r }] as const)),
);

/** The catalogue item with this id, or undefined (ids 31–38, 40–50 and 53 are no item). */
export function findCatalogueItem(id: number): CatalogueItem | undefined {
  return ITEMS.get(id)?.item;
}

/** The key of the room holding the item with this id, or undefined. */
export function roomOf(id: number): RoomKey | undefined {
  return ITEMS.get(id)?.room.key;
}
