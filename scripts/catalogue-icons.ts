// Draws the moving catalogue's icons (spec §3: every item has an `img`, an icon URL) into
// apps/web/public/catalogue/icons/<slug>.svg, one file per item at the path core's catalogue
// gives it. Each item is drawn with the line icon of its kind from Lucide (ISC licence, already
// the app's icon set), so all 133 are simple and consistent: 24 × 24, 2 px round grey strokes,
// the item's name as the title. Run `npx tsx scripts/catalogue-icons.ts` after the
// catalogue changes; `apps/web/src/catalogue-icons.test.ts` fails while an item has no icon.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOMS } from '../packages/core/src/catalogue/rooms.ts';

const KINDS: Record<string, readonly string[]> = {
  'bed-single': ['Single Bed', 'Bunk Bed', 'Single Mattress'],
  'bed-double': ['Double Bed', 'Queen Bed', 'King Bed', 'Double Mattress', 'Queen Mattress', 'King Mattress'],
  baby: ['Cot', 'Pram', 'High Chair'],
  'panels-top-left': ['Bedside Table', 'Chest of Drawers', 'Tallboy', 'Laundry Cabinet', 'Filing Cabinet'],
  'rows-3': ['Dressing Table', 'Sideboard', 'Buffet', 'Kitchen Dresser', 'TV Unit', 'Pantry Cupboard'],
  'columns-3': [
    'Single Wardrobe',
    'Double Wardrobe',
    'Hutch',
    'China Cabinet',
    'Display Cabinet',
    'Port-a-Robe',
  ],
  'rectangle-vertical': ['Mirror', 'Hall Mirror'],
  armchair: [
    'Bedroom Chair',
    'Armchair',
    'Recliner',
    'Desk Chair',
    'Carver Chair',
    'Dining Chair',
    'Kitchen Chair',
    'Outdoor Chair',
    'Bar Stool',
  ],
  archive: ['Blanket Box', 'Toy Box', 'Safe'],
  table: [
    'Desk',
    'Four Seater Dining Table',
    'Six Seater Dining Table',
    'Eight Seater Dining Table',
    'Kitchen Table',
    'Outdoor Table',
    'Workbench',
  ],
  'table-2': [
    'Hall Table',
    'Console Table',
    'Telephone Table',
    'Coffee Table',
    'Side Table',
    'Bench Seat',
    'Garden Bench',
  ],
  library: ['Bookcase', 'Shoe Rack', 'Wine Rack'],
  'lamp-floor': ['Floor Lamp'],
  'lamp-ceiling': ['Chandelier'],
  wine: ['Wine Cabinet', 'Bar Cart', 'Wine Box'],
  'shopping-cart': ['Serving Trolley', 'Kitchen Trolley'],
  shirt: ['Hall Stand', 'Coat Rack', 'Clothes Airer'],
  umbrella: ['Umbrella Stand', 'Umbrella', 'Umbrella Base'],
  refrigerator: ['Fridge', 'Double Door Fridge', 'Chest Freezer', 'Upright Freezer', 'Esky', 'Water Cooler'],
  microwave: ['Microwave', 'Freestanding Oven', 'Dishwasher'],
  coffee: ['Coffee Machine'],
  trash: ['Rubbish Bin'],
  'washing-machine': ['Washing Machine', 'Dryer'],
  'shopping-basket': ['Laundry Basket'],
  sofa: ['Two Seater Sofa', 'Three Seater Sofa', 'Corner Sofa'],
  tv: ['Television'],
  sun: ['Sun Lounger'],
  flame: ['Barbecue', 'Outdoor Heater', 'Heater'],
  cylinder: ['Gas Bottle'],
  tractor: ['Lawn Mower', 'Ride-on Mower'],
  shovel: ['Wheelbarrow'],
  sprout: ['Small Pot Plant'],
  'tree-deciduous': ['Large Pot Plant'],
  bike: ['Bicycle', 'Kids Bike', 'Exercise Bike'],
  'dice-5': ['Trampoline', 'Swing Set'],
  warehouse: ['Garden Shed'],
  'tool-case': ['Ladder', 'Tool Box'],
  droplets: ['Hose Reel', 'Pressure Washer'],
  leaf: ['Whipper Snipper', 'Leaf Blower'],
  sailboat: ['Kayak'],
  package: ['Small Box', 'Medium Box', 'Large Box'],
  book: ['Book Box'],
  luggage: ['Suitcase', 'Golf Bag'],
  wind: ['Vacuum Cleaner', 'Pedestal Fan', 'Portable Air Conditioner'],
  'paint-roller': ['Ironing Board'],
  monitor: ['Computer'],
  printer: ['Printer'],
  piano: ['Upright Piano'],
  guitar: ['Guitar'],
  dumbbell: ['Treadmill'],
  'layout-grid': ['Rug'],
  image: ['Picture'],
  'clock-3': ['Grandfather Clock'],
  fish: ['Aquarium'],
};

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'apps', 'web', 'public', 'catalogue', 'icons');
const require = createRequire(join(here, '..', 'apps', 'web', 'package.json'));
const iconsDir = join(dirname(require.resolve('lucide-react/package.json')), 'dist', 'esm', 'icons');

type Node = [string, Record<string, string>];
/** The drawing of a Lucide icon: its module's `__iconData.node`, without React's `key`s. */
async function drawing(name: string): Promise<Node[]> {
  const module = (await import(pathToFileURL(join(iconsDir, `${name}.mjs`)).href)) as {
    __iconData: { node: Node[] };
  };
  return module.__iconData.node.map(([tag, { key: _key, ...attrs }]) => [tag, attrs]);
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const kindOf = new Map<string, string>();
for (const [kind, names] of Object.entries(KINDS)) for (const name of names) kindOf.set(name, kind);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const missing: string[] = [];
for (const item of ROOMS.flatMap((room) => room.data)) {
  const kind = kindOf.get(item.name);
  if (!kind) {
    missing.push(item.name);
    continue;
  }
  const shapes = (await drawing(kind))
    .map(
      ([tag, attrs]) =>
        `<${tag} ${Object.entries(attrs)
          .map(([k, v]) => `${k}="${v}"`)
          .join(' ')}/>`,
    )
    .join('');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" ' +
    'stroke="#525252" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" role="img">' +
    `<title>${escapeXml(item.name)}</title>${shapes}</svg>\n`;
  writeFileSync(join(out, item.img.slice('/catalogue/icons/'.length)), svg);
}
if (missing.length) throw new Error(`no icon kind for: ${missing.join(', ')}`);
console.log(`catalogue icons: ${ROOMS.flatMap((r) => r.data).length} written to ${out}`);
