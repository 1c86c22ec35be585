import { type LocationId, type LocationServiceId, locationCatalog } from './locations'
import type { LocationContent, LocationServiceContent } from './schemas/location.schema'

export const locations: Record<LocationId, LocationContent> = {
  concord: {
    name: locationCatalog.concord.name,
    region:
      "A community in the City of Vaughan, a short drive west of our Richmond Hill base, where established residential streets sit beside one of York Region's busiest business districts.",
    neighbourhoods: ['Glen Shields', 'Concord village', 'Edgeley'],
    housing:
      "Concord's homes are a mix of detached houses, backsplits and bungalows from the 1970s and 1980s in Glen Shields and around the old village, newer townhouses, and the condominium towers rising around the Vaughan Metropolitan Centre. The older houses are solidly built, often on generous lots, and after four decades or so many are ready for updates inside, from layouts and finishes to unfinished basements.",
    localApproach:
      'Concord is close to our Richmond Hill base, so site visits are easy to fit around your week and our crew is never far from your project. Most Concord families stay at home while we work, so we plan each stage to keep the rest of the house livable, seal off the work area and clean up every day.',
    localReason: 'A short drive from our Richmond Hill base along Highway 7',
    business: {
      area: "Concord is one of York Region's busiest business districts, with offices, showrooms and light-industrial units along Highway 7 and the Keele and Jane corridors. Many of these spaces date from the 1970s and 1980s and need new layouts, lighting, washrooms and finishes to suit the way businesses work today.",
      approach:
        'Concord is close to our Richmond Hill base, so site visits are easy to arrange and our crew is never far from your project. We phase the work around your operations, keep loading and customer areas clear, and coordinate with your landlord or property manager where needed.',
      reason: "Close to Concord's business district, a short drive from our Richmond Hill base",
    },
    serviceNotes: {
      'bathroom-remodeling':
        'In Glen Shields, many main bathrooms and ensuites still have their original tub surrounds and vanities, and a walk-in shower with better storage is the change owners ask for most.',
      'cabinet-carpentry':
        "Owners of Concord's older backsplits often keep their kitchen layout and ask us to reface or replace tired cabinets, while townhouse owners want more storage from a smaller kitchen.",
      'commercial-remodeling':
        'Typical Concord projects range from a new reception area and boardroom in a professional office to a showroom refresh or new staff washrooms in a light-industrial unit.',
      'custom-carpentry-and-woodworking':
        "In Concord's larger family homes, built-in mudroom storage, media walls and new stair railings are popular ways to give a 1980s interior a more current feel.",
      'design-build':
        'Many Concord families rework a whole main floor at once, which is where having one team for design and construction saves the most time.',
      'general-contractor':
        'Concord projects often combine several rooms, such as a kitchen, a main-floor powder room and a finished basement, and one contractor running one schedule keeps the house livable throughout.',
      'home-design-architect':
        "In Concord's split-level and backsplit homes, a good plan matters more than usual, because the half-levels make it harder to see how rooms could connect.",
      'home-improvement':
        'Concord homes from the 1970s and 1980s have reached the age where flooring, trim, doors and basements all need attention, and many owners tackle them together.',
      'kitchen-and-bathroom-remodeling-services':
        'Renovating the kitchen and bathrooms together is common in Concord, where many houses still have the finishes they were built with.',
      'kitchen-remodeling':
        'The Concord kitchen project we see most is opening a closed galley or U-shaped kitchen to the family room and adding an island.',
    },
  },

  etobicoke: {
    name: locationCatalog.etobicoke.name,
    region:
      "Toronto's western district, stretching from the Humber River to Etobicoke Creek and from the Lake Ontario shoreline north to Steeles Avenue.",
    neighbourhoods: [
      'The Kingsway',
      'Islington Village',
      'Humber Valley Village',
      'Mimico',
      'Long Branch',
      'Alderwood',
    ],
    housing:
      "Etobicoke has some of Toronto's most varied housing: brick and Tudor-style homes from the 1920s to the 1940s in The Kingsway and Humber Valley Village, post-war bungalows and storey-and-a-half houses in Alderwood and Long Branch, and lakeshore condominiums in Mimico. Each brings its own work: bungalows are often ready for more open, modern layouts, character homes need updates that respect their original trim and plaster, and condominiums come with building rules that shape how and when we work.",
    localApproach:
      "Many Etobicoke homes have plaster walls and wiring or plumbing that dates back decades, so we open up carefully and tell you what we find before anything is closed in. In lakeshore condominiums, we follow the building's renovation rules, book elevators and loading docks in advance and protect the shared hallways.",
    localReason: "Experienced with Etobicoke's character homes, bungalows and lakeshore condos",
    business: {
      area: 'Etobicoke businesses line its main streets, from the shops and restaurants along Bloor Street West in The Kingsway and Islington Village to The Queensway and Lake Shore Boulevard West in Mimico and Long Branch, with offices and light-industrial areas further north.',
      approach:
        "On Etobicoke's main streets, we plan deliveries and waste removal around parking rules and the businesses next door, keep your storefront presentable while we work, and schedule the loudest stages outside your busiest hours.",
      reason: "Experienced with older commercial buildings on Etobicoke's main streets",
    },
    serviceNotes: {
      'bathroom-remodeling':
        "In Etobicoke's post-war bungalows, the only bathroom is often small and original, and many owners add a second bathroom in the basement at the same time.",
      'cabinet-carpentry':
        'In The Kingsway and Islington Village, owners often want cabinetry that suits the character of an older home, with painted shaker doors and trim to match.',
      'commercial-remodeling':
        'Many Etobicoke shops and offices occupy older buildings, so we check the existing wiring, plumbing and ventilation early and plan the work so you can keep serving customers.',
      'custom-carpentry-and-woodworking':
        "Etobicoke's older homes are full of original trim, plaster arches and built-ins, and much of our carpentry there is matching new woodwork to what is already in the house.",
      'design-build':
        'For bungalow owners in Alderwood and Long Branch who want to rework the whole main floor, design build keeps the plan, the price and the construction in one set of hands.',
      'general-contractor':
        'Etobicoke renovations often uncover old wiring, galvanized pipes or tired plaster, and having one contractor responsible for all of it keeps the project moving.',
      'home-design-architect':
        'In Etobicoke, home design often means finding space without building an addition, by borrowing from hallways, closets and a dining room that rarely gets used.',
      'home-improvement':
        'Many Etobicoke owners update their homes one part at a time, from refinished floors and new trim to a finished basement, and we take on smaller projects as readily as large ones.',
      'kitchen-and-bathroom-remodeling-services':
        'In a bungalow or storey-and-a-half home, the kitchen and bathroom are often close together, so renovating them at the same time keeps the plumbing work in one stage.',
      'kitchen-remodeling':
        "In Etobicoke's bungalows, the most requested change is taking down the wall between the kitchen and dining room to make one bright, open room.",
    },
  },

  'midtown-toronto': {
    name: locationCatalog['midtown-toronto'].name,
    region:
      'The neighbourhoods along and around Yonge Street between St. Clair Avenue and Lawrence Avenue, a straight drive down Yonge from our Richmond Hill base.',
    neighbourhoods: [
      'Yonge and Eglinton',
      'Davisville Village',
      'Leaside',
      'Lawrence Park',
      'Chaplin Estates',
      'Forest Hill',
    ],
    housing:
      'Much of Midtown was built between the 1910s and the 1940s: solid brick semis and detached houses on narrow lots, alongside newer condominiums near Yonge and Eglinton. These houses are well built but were planned for another era, with closed-off rooms, small kitchens at the back and little storage, so most of our work there is about making an older home fit the way a family lives today.',
    localApproach:
      'Midtown streets are narrow, parking is tight and many homes share a wall with a neighbour, so we plan deliveries, street parking and bin placement before work starts, keep noisy work to reasonable hours and protect neighbouring properties. We also tell your neighbours when the loudest stages are coming, which goes a long way on a close-knit street.',
    localReason: 'Experienced with narrow lots, shared walls and tight Midtown streets',
    business: {
      area: "Midtown's businesses are concentrated along Yonge Street, Mount Pleasant Road, Bayview Avenue and Eglinton Avenue, mostly in street-front units of older low-rise buildings and in the office towers around Yonge and Eglinton.",
      approach:
        'Busy Midtown streets leave little room for deliveries and bins, so we plan the logistics before work begins, coordinate with your landlord and the tenants around you, and keep the work area sealed so your business and the ones beside it can keep operating.',
      reason: 'Experienced with tight street-front units and busy Midtown streets',
    },
    serviceNotes: {
      'bathroom-remodeling':
        "Midtown's older homes often have one bathroom for the whole family, so many owners turn part of a bedroom or closet into a second bathroom or an ensuite.",
      'cabinet-carpentry':
        'In a narrow Midtown kitchen every centimetre counts, and custom cabinets that run to the ceiling or fill an awkward corner make a real difference.',
      'commercial-remodeling':
        'Midtown commercial units are often narrow and deep, so careful planning of storage, seating and the way people move through the space makes a real difference to how it works.',
      'custom-carpentry-and-woodworking':
        'Midtown homes often have handsome original details, and our carpenters build bookcases, window seats and closets that look as if they were always part of the house.',
      'design-build':
        'Turning the back of a Midtown semi into an open kitchen and family room is exactly the kind of project where deciding design and cost together pays off.',
      'general-contractor':
        "On tight Midtown streets, a general contractor's job is as much about logistics as building: deliveries, bins, parking and neighbours all have to be planned.",
      'home-design-architect':
        'In narrow Midtown houses, careful design brings daylight deeper into the house, and a wider opening or a well-placed skylight can change how a whole floor feels.',
      'home-improvement':
        "Midtown's older homes often need updates behind the walls as well as on them, from insulation and wiring to new trim, doors and flooring.",
      'kitchen-and-bathroom-remodeling-services':
        'Many Midtown owners renovate the kitchen and the main bathroom in one project, so deliveries, bins and street parking only have to be arranged once.',
      'kitchen-remodeling':
        'A Midtown kitchen usually has to work within a narrow footprint, so we make the most of it with tall storage, a slim island or peninsula, and lighting that brightens the back of the house.',
    },
  },
}

export const locationServices: Record<LocationServiceId, LocationServiceContent> = {
  'bathroom-remodeling': {
    title: 'Bathroom Remodeling',
    image: 'bathroom',
    galleryCategory: 'bathroom',
    setting: 'home',
    subtitle: 'Bathrooms and ensuites for {location} homes, waterproofed and built to last',
    intro:
      'Maple Hearth Renovations renovates bathrooms, ensuites and powder rooms across {location}, from a new vanity and tile to a full rebuild with a walk-in shower. Most bathrooms take 2–4 weeks once work begins and fall in the $15,000–$40,000 range, and our own crew does everything from the plumbing to the final caulking.',
    seoDescription:
      'Bathroom renovations in {location} by our own crew: showers, vanities, tile and waterproofing. Most take 2–4 weeks. Free consultation, no hidden fees.',
    reasons: [
      'Our own crew does the plumbing, waterproofing and tile, with no subcontractors',
      'Transparent estimates with no hidden fees',
      'A 2-year workmanship warranty on every bathroom',
      'Bathroom renovations can return up to 80% of their cost in added home value',
    ],
  },
  'cabinet-carpentry': {
    title: 'Cabinet Carpentry',
    image: 'cabinet',
    galleryCategory: 'carpentry',
    setting: 'home',
    subtitle: 'Custom cabinets, refacing and refinishing for {location} kitchens and bathrooms',
    intro:
      'We build, install and refinish cabinets for kitchens, bathrooms, laundry rooms and home offices in {location}. Every cabinet is measured for your space and fitted by our own carpenters, whether it is brand new or a refaced original.',
    seoDescription:
      'Custom kitchen, bathroom and built-in cabinets in {location}, plus refacing and refinishing, fitted by our own carpenters. Free consultation.',
    reasons: [
      'Cabinets sized to your space, not to a standard catalogue',
      'Honest advice on whether to reface or replace',
      'Installation by our own carpenters',
      'A 2-year workmanship warranty on our installation',
    ],
  },
  'commercial-remodeling': {
    title: 'Commercial Remodeling',
    image: 'commercial',
    galleryCategory: 'commercial',
    setting: 'business',
    subtitle:
      'Renovations for {location} offices, stores and restaurants, planned around your hours',
    intro:
      'We renovate offices, retail stores, restaurants and showrooms in {location}, from a refreshed reception area to a full interior fit-out. The work is scheduled around your business, with permits, inspections and construction handled by one licensed, bonded and insured team.',
    seoDescription:
      'Office, retail and restaurant renovations in {location}, phased around your business. Licensed, bonded and insured, with no subcontractors.',
    reasons: [
      'Work phased or scheduled to keep your business open',
      'Permits and inspections handled for you',
      'Licensed, bonded and insured, with no subcontractors',
      'Transparent estimates with no hidden fees',
    ],
  },
  'custom-carpentry-and-woodworking': {
    title: 'Custom Carpentry & Woodworking',
    image: 'carpentry',
    galleryCategory: 'carpentry',
    setting: 'home',
    subtitle: 'Built-ins, trim and woodwork made to fit {location} homes',
    intro:
      'Our carpenters build bookcases, window seats, mantels, wainscoting, stair railings and other woodwork for homes in {location}. Each piece is drawn to scale, built to your measurements and scribed to fit walls and floors that are rarely perfectly straight.',
    seoDescription:
      'Built-in shelving, mantels, trim and custom woodwork in {location}, made to measure and installed by our own carpenters. Free consultation.',
    reasons: [
      'Made-to-measure pieces, drawn to scale before we build',
      'New trim matched to existing profiles',
      'Your choice of wood, stain and paint finish',
      'A 2-year workmanship warranty on our carpentry',
    ],
  },
  'design-build': {
    title: 'Design Build',
    image: 'design-build',
    galleryCategory: 'kitchen',
    setting: 'home',
    subtitle: 'One team to design and build your {location} renovation',
    intro:
      'With design build, one team takes your {location} renovation from the first sketch to the final walkthrough. Our builders price ideas while they are still on paper, so the design stays inside your budget and construction can start as soon as the plan is ready.',
    seoDescription:
      'Design build renovations in {location}: one team and one contract from first sketch to final walkthrough, with costs checked as the design develops.',
    reasons: [
      'One contract and one point of contact for design and construction',
      'Costs checked as the design takes shape',
      'Construction by our own crew, with no subcontractors',
      'A 2-year workmanship warranty on the finished work',
    ],
  },
  'general-contractor': {
    title: 'General Contractor',
    image: 'general-contractor',
    galleryCategory: 'kitchen',
    setting: 'home',
    subtitle: 'A licensed, insured general contractor for {location} renovations',
    intro:
      'As your general contractor in {location}, we plan the work, arrange permits and inspections, and build it with our own crew. Whether the project is a main floor, a basement or the whole house, you have one schedule and one person to call.',
    seoDescription:
      'A licensed, bonded and insured general contractor in {location} for main-floor, basement and whole-home renovations, with no subcontractors.',
    reasons: [
      'Licensed, bonded and insured',
      'Our own crew on site, with no subcontractors',
      'Permits, inspections and scheduling handled for you',
      'Transparent estimates with no hidden fees',
      'A 2-year workmanship warranty on our work',
    ],
  },
  'home-design-architect': {
    title: 'Home Design & Architectural Planning',
    image: 'home-design',
    galleryCategory: 'kitchen',
    setting: 'home',
    subtitle: 'Layouts, drawings and permit plans for {location} homes',
    intro:
      'Our home design service gives {location} homeowners a clear plan before construction begins: measured drawings, layout options, finish selections and the drawings a permit requires. Designing a single room usually takes 2–4 weeks, and a whole home 6–12 weeks.',
    seoDescription:
      'Home design and architectural planning in {location}: layouts, drawings and permit plans. A room takes 2–4 weeks, a whole home 6–12 weeks.',
    reasons: [
      'Plans checked for cost and buildability by the people who will build them',
      'Permit drawings prepared where the project needs them',
      'A room designed in 2–4 weeks, a whole home in 6–12 weeks',
      'Your first consultation is free',
    ],
  },
  'home-improvement': {
    title: 'Home Improvement',
    image: 'home-improvement',
    galleryCategory: 'kitchen',
    setting: 'home',
    subtitle: 'Upgrades and renovations for every part of your {location} home',
    intro:
      'Not every project is a full renovation. We take on home improvements of all sizes in {location}, from new flooring, trim and doors to finished basements and room-by-room updates, and the same crew and standards apply whether the job takes a few days or a few months.',
    seoDescription:
      'Home improvements in {location}: flooring, trim, basements and room updates by our own licensed and insured crew. Free consultation, no hidden fees.',
    reasons: [
      'Small and large projects welcome',
      'Our own licensed, bonded and insured crew',
      'Transparent estimates with no hidden fees',
      'A 2-year workmanship warranty on our work',
    ],
  },
  'kitchen-and-bathroom-remodeling-services': {
    title: 'Kitchen & Bathroom Remodeling',
    image: 'kitchen',
    galleryCategory: 'kitchen',
    setting: 'home',
    subtitle: 'Kitchens and bathrooms for {location} homes, together or one at a time',
    intro:
      'Kitchens and bathrooms are the rooms we renovate most in {location}, and often at the same time. Most kitchens take 4–8 weeks and most bathrooms 2–4 weeks; when we do both, we plan them on one schedule so your home is only disrupted once.',
    seoDescription:
      'Kitchen and bathroom renovations in {location}: kitchens in 4–8 weeks, bathrooms in 2–4 weeks, built by our own crew. Free consultation.',
    reasons: [
      'Kitchen and bathroom work planned on a single schedule',
      'Kitchen renovations can return up to 90% of their cost, bathrooms up to 80%',
      'Our own crew for plumbing, electrical, cabinets and tile',
      'A 2-year workmanship warranty on every room we renovate',
    ],
  },
  'kitchen-remodeling': {
    title: 'Kitchen Remodeling',
    image: 'kitchen',
    galleryCategory: 'kitchen',
    setting: 'home',
    subtitle: 'Kitchens designed and built for the way {location} households cook and gather',
    intro:
      'We design and build kitchens across {location}, from new counters and cabinets to complete rebuilds with a new layout. Most kitchens take 4–8 weeks once work begins and fall in the $30,000–$80,000 range, depending on size, layout and finishes.',
    seoDescription:
      'Kitchen renovations in {location}: layout, cabinets, counters and lighting by our own crew. Most take 4–8 weeks. Free consultation, no hidden fees.',
    reasons: [
      'Kitchen renovations can return up to 90% of their cost in added home value',
      'Modern appliances can use up to 40% less energy than older models',
      'Our own crew from demolition to final walkthrough',
      'Transparent estimates with no hidden fees',
      'A 2-year workmanship warranty',
    ],
  },
}
