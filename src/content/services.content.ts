import { type ServiceId, serviceCatalog } from '~/content/services'
import type { ServiceContent } from './schemas/service.schema'
import { serviceCards } from './service-cards'

const warranty = 'A 2-year workmanship warranty on everything we build'

export const services: Record<ServiceId, ServiceContent> = {
  'kitchen-remodeling': {
    title: serviceCatalog['kitchen-remodeling'].title,
    ...serviceCards['kitchen-remodeling'],
    subtitle: 'Kitchens planned around the way you cook, gather and live',
    seo: {
      title: 'Kitchen Remodeling in Richmond Hill & the GTA',
      description:
        'Kitchen renovations by our own crew, from layout to final walkthrough. Most take 4-8 weeks and cost $30,000-$80,000. Free consultation, no hidden fees.',
    },
    description: [
      'The kitchen works harder than any other room in the house, and it is usually the one our clients most want to change. Maple Hearth Renovations has been renovating kitchens across the Greater Toronto Area since 1998, from a refresh with new counters and lighting to a complete rebuild with a new layout, plumbing and wiring.',
      'We start with how you use the room: who cooks, where people gather, and what never seems to have a home. From there we plan the layout, help you choose cabinets, counters, flooring and fixtures, and give you a transparent estimate with no hidden fees. Our own crew does the work, with no subcontractors, so the people you meet at the start are the people who finish the job.',
      'Most kitchens take 4-8 weeks once work begins and fall in the $30,000-$80,000 range, depending on size, layout changes and finishes. Every kitchen we build is backed by our 2-year workmanship warranty.',
    ],
    galleryCategory: 'kitchen',
    features: [
      'Layout planning, including opening walls and moving sinks or appliances',
      'Custom and semi-custom cabinetry, islands and pantry storage',
      'Quartz, granite and butcher-block countertops',
      'Backsplash, tile and flooring installation',
      'Plumbing, electrical and lighting upgrades, including under-cabinet lighting',
      'Installation of energy-efficient appliances and range hoods',
    ],
    benefits: [
      'Kitchen renovations can return up to 90% of their cost in added home value',
      'Modern appliances can use up to 40% less energy than the ones they replace',
      'More storage and counter space, planned around how you actually cook',
      'One crew and one point of contact from demolition to final walkthrough',
      warranty,
    ],
    process: [
      {
        title: 'Free Consultation',
        description:
          'We visit your home, measure the kitchen and talk through how you use it, what frustrates you about it now and the budget you have in mind.',
      },
      {
        title: 'Design & Estimate',
        description:
          'We draw up the layout, help you choose cabinets, counters and finishes, and give you a written estimate that lists what is included, with no hidden fees.',
      },
      {
        title: 'Preparation',
        description:
          'We confirm the schedule, order materials, arrange any permits and seal off the work area so the rest of your home stays clean.',
      },
      {
        title: 'Construction',
        description:
          'Our own crew handles demolition, plumbing, electrical, cabinets, counters and finishing, and keeps you updated as each stage is completed.',
      },
      {
        title: 'Final Walkthrough',
        description:
          'We walk through the finished kitchen with you, put right anything that is not as agreed, and hand over care notes and your 2-year workmanship warranty.',
      },
    ],
    faqs: [
      {
        question: 'How long does a kitchen renovation take?',
        answer:
          'Most kitchen renovations take 4-8 weeks once work begins. A refresh with new counters and fixtures sits at the shorter end, while layout changes, moved plumbing or custom cabinetry take longer. You get a schedule before we start.',
      },
      {
        question: 'How much does a kitchen renovation cost?',
        answer:
          'Most of our kitchen projects fall in the $30,000-$80,000 range. Size, layout changes and the cabinets, counters and appliances you choose make the biggest difference. After a free consultation you receive a written estimate with no hidden fees.',
      },
      {
        question: 'Can we use our kitchen during the renovation?',
        answer:
          'For most of the project the kitchen is out of service. We can help you plan a temporary kitchen in another room, and we seal off the work area and tidy up at the end of every day.',
      },
      {
        question: 'Do you help with the design?',
        answer:
          'Yes. We plan the layout with you, help you choose cabinets, counters and finishes, and show you the plan before any work begins. If you already have a design, we are happy to build from it.',
      },
    ],
    fallbackGallery: [
      {
        image: 'kitchen',
        alt: 'Illustration of a white kitchen with glass-front cabinets, a marble backsplash and a blue-grey island',
      },
      {
        image: 'welcome',
        alt: 'Illustration of a bright kitchen with navy cabinetry, a marble waterfall island and bar stools',
      },
      {
        image: 'services-hero',
        alt: 'Illustration of a sage green farmhouse kitchen with a butcher-block island and rattan pendants',
      },
      {
        image: 'cabinet',
        alt: 'Illustration of custom kitchen cabinetry with shaker doors, brass pulls and a tall pantry wall',
      },
    ],
  },

  'bathroom-remodeling': {
    title: serviceCatalog['bathroom-remodeling'].title,
    ...serviceCards['bathroom-remodeling'],
    subtitle: 'Bathrooms that are easier to use, easier to clean and built to last',
    seo: {
      title: 'Bathroom Remodeling in Richmond Hill & the GTA',
      description:
        'Bathroom renovations with proper waterproofing, done by our own crew. Most take 2-4 weeks and cost $15,000-$40,000. Free consultation, no hidden fees.',
    },
    description: [
      'A well-planned bathroom makes every morning a little easier. We renovate main bathrooms, ensuites and powder rooms across the Greater Toronto Area, from a new vanity and tile to a full rebuild down to the studs.',
      'What you see is tile, glass and fixtures; what makes a bathroom last is behind them. We replace old plumbing where it needs it, install a waterproofing membrane behind every shower and add ventilation that actually clears the steam. Our own crew does all of it, so nothing falls between trades.',
      'Most bathrooms take 2-4 weeks once work begins and fall in the $15,000-$40,000 range, depending on size and finishes. Your estimate is transparent with no hidden fees, and the work is backed by our 2-year workmanship warranty.',
    ],
    galleryCategory: 'bathroom',
    features: [
      'Walk-in showers, tub-to-shower conversions and soaker tubs',
      'Vanities, medicine cabinets and built-in storage',
      'Floor and wall tile, including heated floors',
      'Waterproofing membranes behind every shower and tub surround',
      'Low-flow toilets, faucets and shower fixtures',
      'Exhaust fans and lighting sized to the room',
      'Grab bars and curbless showers for safer, more accessible bathrooms',
    ],
    benefits: [
      'Bathroom renovations can return up to 80% of their cost in added home value',
      'Low-flow fixtures save water, and good ventilation protects the house from moisture',
      'Better storage and lighting in a room you use every day',
      'A safer room, with slip-resistant floors and grab bars where you want them',
      warranty,
    ],
    process: [
      {
        title: 'Free Consultation',
        description:
          'We look at the room, ask how it is used and by whom, and talk through layout ideas and a realistic budget.',
      },
      {
        title: 'Design & Selections',
        description:
          'We settle the layout and help you choose tile, fixtures, vanity and lighting, then confirm everything in a written estimate with no hidden fees.',
      },
      {
        title: 'Demolition & Rough-In',
        description:
          'We remove the old bathroom, check the subfloor and framing, and update plumbing, wiring and ventilation before anything is closed up.',
      },
      {
        title: 'Waterproofing, Tile & Fixtures',
        description:
          'We waterproof the wet areas, set the tile, and install the vanity, fixtures, glass and accessories.',
      },
      {
        title: 'Final Walkthrough',
        description:
          'We test every fixture with you, put right anything that is not as agreed, and hand over your 2-year workmanship warranty.',
      },
    ],
    faqs: [
      {
        question: 'How long does a bathroom renovation take?',
        answer:
          'Most bathroom renovations take 2-4 weeks once work begins. A straightforward update is quicker; moving plumbing, building a custom shower or adding heated floors takes longer.',
      },
      {
        question: 'How much does a bathroom renovation cost?',
        answer:
          'Most of our bathroom projects fall in the $15,000-$40,000 range, depending on the size of the room, layout changes and the finishes you choose. Your written estimate lists everything, with no hidden fees.',
      },
      {
        question: 'Can you turn our tub into a walk-in shower?',
        answer:
          'Yes, it is one of our most common requests. We remove the tub, adjust the drain and plumbing, waterproof the new shower and finish it with tile and glass.',
      },
      {
        question: 'What if we only have one bathroom?',
        answer:
          'We plan around it. We schedule the work to keep the time without a working toilet and shower as short as possible, and tell you in advance which days the room will be out of service.',
      },
    ],
    fallbackGallery: [
      {
        image: 'bathroom',
        alt: 'Illustration of a bathroom with a floating oak double vanity, a glass shower and a freestanding tub',
      },
      {
        image: 'faq-hero',
        alt: 'Illustration of a walk-in closet with painted built-in cabinetry and a centre island',
      },
      {
        image: 'cabinet',
        alt: 'Illustration of custom cabinetry with shaker doors and brass pulls',
      },
    ],
  },

  'commercial-remodeling': {
    title: serviceCatalog['commercial-remodeling'].title,
    ...serviceCards['commercial-remodeling'],
    subtitle: 'Offices, stores and restaurants renovated around your business hours',
    seo: {
      title: 'Commercial Remodeling in the Greater Toronto Area',
      description:
        'Office, retail and restaurant renovations planned around your business. One licensed, bonded and insured crew, no subcontractors, transparent estimates.',
    },
    description: [
      'A commercial renovation has to work for your customers, your staff and your schedule. We renovate offices, retail stores, restaurants, showrooms and other commercial spaces across the Greater Toronto Area, from a new reception area to a full interior fit-out.',
      'Before work begins, we agree on a schedule that keeps disruption to a minimum, whether that means phasing the work, keeping part of the space open or working outside your opening hours where possible. You get a transparent estimate with no hidden fees and a single point of contact for the whole project.',
      'Our own licensed, bonded and insured crew does the work, with no subcontractors, and we take care of permits and inspections where the project needs them. The finished space is backed by our 2-year workmanship warranty.',
    ],
    galleryCategory: 'commercial',
    features: [
      'Office, retail, restaurant and showroom renovations',
      'Interior fit-outs and layout changes, including new partition walls',
      'Reception areas, boardrooms, staff kitchens and washrooms',
      'Flooring, ceilings, lighting and finishes',
      'Custom millwork, counters and display fixtures',
      'Permit applications and inspection scheduling',
    ],
    benefits: [
      'A space that reflects your brand and makes a good first impression',
      'Layouts that help your staff work more comfortably and efficiently',
      'Lower operating costs with efficient lighting and equipment',
      'Work phased to keep your business running',
      'Licensed, bonded and insured, with a 2-year workmanship warranty',
    ],
    process: [
      {
        title: 'Site Visit',
        description:
          'We walk the space with you, learn how your business uses it and note what needs to stay open while we work.',
      },
      {
        title: 'Planning & Estimate',
        description:
          'We plan the layout and finishes and give you a transparent, itemized estimate with no hidden fees.',
      },
      {
        title: 'Permits & Scheduling',
        description:
          'We apply for the permits the work needs and set a schedule that fits around your opening hours.',
      },
      {
        title: 'Construction',
        description:
          'Our own crew builds the project in the agreed phases, keeping the site safe, tidy and separate from your customers.',
      },
      {
        title: 'Inspection & Handover',
        description:
          'We complete the final inspections, walk the finished space with you and hand over your 2-year workmanship warranty.',
      },
    ],
    faqs: [
      {
        question: 'Can our business stay open during the renovation?',
        answer:
          'Often, yes. We can phase the work so part of the space stays open, and schedule the noisiest or most disruptive stages outside your opening hours where possible.',
      },
      {
        question: 'Do you handle permits for commercial projects?',
        answer:
          'Yes. We prepare and submit the permit applications the work requires and book the inspections, so you are not left coordinating with the city.',
      },
      {
        question: 'How long does a commercial renovation take?',
        answer:
          'It depends on the size of the space and the scope of the work. A washroom or reception update can take a few weeks, while a full fit-out takes longer. You get a written schedule with your estimate so you can plan around it.',
      },
    ],
    fallbackGallery: [
      {
        image: 'commercial',
        alt: 'Illustration of a café interior with a wood service counter, menu boards and pendant lights',
      },
      {
        image: 'general-contractor',
        alt: 'Illustration of a building under construction with timber framing, scaffolding and a crew at work',
      },
      {
        image: 'carpentry',
        alt: 'Illustration of a woodworking shop with a workbench, a tool wall and a lumber rack',
      },
    ],
  },

  'design-build': {
    title: serviceCatalog['design-build'].title,
    ...serviceCards['design-build'],
    subtitle: 'One team from the first sketch to the final coat of paint',
    seo: {
      title: 'Design Build Renovations in the Greater Toronto Area',
      description:
        'Design and construction under one contract: one team, one point of contact and a budget checked as the design takes shape. Free consultation.',
    },
    description: [
      'With design build, the same team that designs your renovation also builds it. Instead of hiring a designer, waiting for drawings and then looking for a contractor to price them, you work with Maple Hearth Renovations from the first conversation to the final walkthrough.',
      'Because our builders are part of the design process, we can tell you what an idea costs while it is still on paper. That keeps the design inside your budget, shortens the time between planning and construction, and means fewer changes once the walls are open.',
      'Our own crew carries out the construction, with no subcontractors, and the estimate you approve is transparent with no hidden fees. The finished project is backed by our 2-year workmanship warranty.',
    ],
    galleryCategory: 'kitchen',
    features: [
      'A single contract covering design and construction',
      'Measured drawings and layout plans of your space',
      'Costs updated as design choices are made',
      'Help choosing materials, fixtures and finishes',
      'Permit drawings and applications where required',
      'Construction by our own crew, with no subcontractors',
    ],
    benefits: [
      'One team accountable for the design and the result',
      'Costs known early, so the design fits your budget',
      'No gap between finishing the design and starting construction',
      'Fewer changes and surprises once work begins',
      'A 2-year workmanship warranty on the finished work',
    ],
    process: [
      {
        title: 'Discovery Consultation',
        description:
          'A free meeting at your home to understand what you want to change, how you live and what you want to spend.',
      },
      {
        title: 'Concept & Budget',
        description:
          'We sketch layout options and price them, so you can choose a direction knowing what it will cost.',
      },
      {
        title: 'Detailed Design',
        description:
          'We finalize drawings and selections with you, arrange permits where needed and confirm a transparent estimate with no hidden fees.',
      },
      {
        title: 'Construction',
        description:
          'The same team builds what was designed, with our own crew on site and one person keeping you informed.',
      },
      {
        title: 'Final Walkthrough',
        description:
          'We review the finished work with you, put right anything that is not as agreed and hand over your 2-year workmanship warranty.',
      },
    ],
    faqs: [
      {
        question: 'How is design build different from hiring a designer and a contractor?',
        answer:
          "You deal with one company for the whole project. The people drawing your plans work with the people who will build them, so the design is priced and checked for buildability as it develops, and no one has to interpret someone else's drawings.",
      },
      {
        question: 'Does design build cost more?',
        answer:
          'Usually not. Ideas that would go over budget are caught while they are still sketches, before they are drawn up in detail or built. Your estimate is transparent, with no hidden fees.',
      },
      {
        question: 'What projects suit design build?',
        answer:
          'Any project where the layout is changing: kitchens, bathrooms, main-floor renovations, basements and whole-home updates. For a like-for-like refresh, our standard renovation services may be all you need.',
      },
    ],
    fallbackGallery: [
      {
        image: 'design-build',
        alt: 'Illustration of a house at dusk with a new modern addition and a glowing glass wall',
      },
      {
        image: 'home-design',
        alt: 'Illustration of a floor plan on a desk surrounded by wood, stone and fabric samples',
      },
      {
        image: 'general-contractor',
        alt: 'Illustration of a home addition under construction with timber framing, scaffolding and a crew',
      },
      {
        image: 'welcome',
        alt: 'Illustration of a bright kitchen with navy cabinetry and a marble waterfall island',
      },
    ],
  },

  'custom-carpentry-and-woodworking': {
    title: serviceCatalog['custom-carpentry-and-woodworking'].title,
    ...serviceCards['custom-carpentry-and-woodworking'],
    subtitle: 'Built-ins, millwork and woodwork made to fit your home',
    seo: {
      title: 'Custom Carpentry & Woodworking in the GTA',
      description:
        'Built-in shelving, mantels, wainscoting, trim and feature walls, made to measure and installed by our own carpenters. Free consultation, transparent estimates.',
    },
    description: [
      "Custom carpentry is where a house starts to feel like your own. Our carpenters design and build shelving, window seats, fireplace mantels, wainscoting, coffered ceilings and other woodwork, made to fit the walls and corners of your home rather than a catalogue's.",
      'Older homes across the GTA rarely have square corners or level floors. We measure carefully, scribe each piece to fit, and match new trim to existing profiles when a room needs to blend in with the rest of the house.',
      'You choose the wood, the finish and the details, and we give you a transparent estimate with no hidden fees. The work is done by our own carpenters and backed by our 2-year workmanship warranty.',
    ],
    galleryCategory: 'carpentry',
    features: [
      'Built-in bookcases, media walls and window seats',
      'Fireplace mantels and surrounds',
      'Wainscoting, panelling, crown moulding and trim',
      'Coffered and beamed ceilings',
      'Stair railings, newel posts and treads',
      'New trim matched to existing profiles in older homes',
    ],
    benefits: [
      'Storage and display space made for your room and your things',
      'Craftsmanship that adds character and value to your home',
      'Pieces that fit exactly, even where walls and floors are uneven',
      'Your choice of wood species, stain and paint finish',
      'A 2-year workmanship warranty on our carpentry',
    ],
    process: [
      {
        title: 'Consultation & Measuring',
        description:
          'We look at the space, talk about how you will use the piece and take precise measurements.',
      },
      {
        title: 'Design & Drawings',
        description:
          'We draw the piece to scale, with dimensions and details, so you can see exactly what will be built.',
      },
      {
        title: 'Material Selection',
        description:
          'You choose the wood, hardware and finish, and we confirm the price in a transparent estimate.',
      },
      {
        title: 'Building & Installation',
        description:
          'Our carpenters build and install the piece, scribing it to your walls and floors for a tight fit.',
      },
      {
        title: 'Finishing & Walkthrough',
        description:
          'We complete the paint or stain, check every door and drawer with you and hand over your 2-year workmanship warranty.',
      },
    ],
    faqs: [
      {
        question: 'What kinds of wood do you work with?',
        answer:
          'We work with hardwoods such as oak, maple and walnut, and with paint-grade materials like poplar and MDF for painted built-ins. We help you choose based on the look you want, how the piece will be used and your budget.',
      },
      {
        question: 'Can you match the trim in an older home?',
        answer:
          'In most cases, yes. We match existing profiles with stock mouldings where they exist, or build up a matching profile from several pieces when they do not.',
      },
      {
        question: 'How long does a custom built-in take?',
        answer:
          'It depends on the size and detail of the piece. Your estimate includes a timeline, and installation itself usually takes only a few days in your home.',
      },
    ],
    fallbackGallery: [
      {
        image: 'about-hero',
        alt: 'Illustration of a living room with green built-in bookshelves around a fireplace',
      },
      {
        image: 'home-improvement',
        alt: 'Illustration of a family room with a built-in media wall, fireplace and shelving',
      },
      {
        image: 'privacy-hero',
        alt: 'Illustration of a home office with navy built-in shelving and a desk under a window',
      },
      {
        image: 'faq-hero',
        alt: 'Illustration of a walk-in closet with painted built-in cabinetry and a centre island',
      },
      {
        image: 'carpentry',
        alt: 'Illustration of a woodworking shop with a workbench, a tool wall and a lumber rack',
      },
    ],
  },

  'home-design': {
    title: serviceCatalog['home-design'].title,
    ...serviceCards['home-design'],
    subtitle: 'Clear plans for a single room or the whole house',
    seo: {
      title: 'Home Design Services in the Greater Toronto Area',
      description:
        'Layouts, drawings and finish selections for one room or a whole home. A room takes 2-4 weeks to design, a whole home 6-12 weeks. Free consultation.',
    },
    description: [
      'Good renovations start on paper. Our home design service gives you a clear plan before any construction begins: measured drawings of your existing space, layout options, and materials and finishes chosen with you.',
      'Designing a single room usually takes 2-4 weeks, and a whole home 6-12 weeks, depending on how many rooms are involved and how quickly decisions are made. Because our designers work alongside our builders, every plan is checked for cost and buildability as it develops.',
      'When the design is done, our own crew can build it, with no subcontractors, a transparent estimate and our 2-year workmanship warranty. Your first consultation is free.',
    ],
    galleryCategory: 'kitchen',
    features: [
      'Measured drawings of your existing space',
      'Layout options for kitchens, bathrooms, main floors and whole homes',
      'Floor plans and elevations',
      'Material, colour and finish selections',
      'Lighting and storage planning',
      'Permit drawings where the project requires them',
    ],
    benefits: [
      'A clear plan and budget before construction starts',
      'Fewer changes and surprises once work begins',
      'A home that flows better and makes good use of its space',
      'Designs checked by the people who will build them',
      'Decisions made in your own time, not in the middle of construction',
    ],
    process: [
      {
        title: 'Consultation',
        description:
          'A free visit to talk about what is not working in your home, what you hope to change and your budget.',
      },
      {
        title: 'Measure & Document',
        description:
          'We measure the rooms involved and draw your home as it is today, the base for every option that follows.',
      },
      {
        title: 'Concept Layouts',
        description:
          'We present layout options with rough costs, and refine the one you prefer based on your feedback.',
      },
      {
        title: 'Design Development',
        description:
          'We work through materials, colours, lighting and storage with you and complete detailed drawings.',
      },
      {
        title: 'Final Plans & Estimate',
        description:
          'You receive the finished plans and a transparent construction estimate with no hidden fees, ready for permits and building.',
      },
    ],
    faqs: [
      {
        question: 'How long does home design take?',
        answer:
          'Designing a single room usually takes 2-4 weeks, and a whole home 6-12 weeks. The timeline depends on the number of rooms and how quickly decisions are made along the way.',
      },
      {
        question: 'Do we have to renovate the whole house at once?',
        answer:
          'No. Many clients plan the whole home and build it in stages as budget and timing allow. A complete plan means each stage fits the next.',
      },
      {
        question: 'Do you prepare drawings for building permits?',
        answer:
          'Yes. When a project needs a permit, we prepare the drawings and handle the application as part of the work.',
      },
    ],
    fallbackGallery: [
      {
        image: 'home-design',
        alt: 'Illustration of a floor plan on a desk surrounded by wood, stone and fabric samples',
      },
      {
        image: 'contact-hero',
        alt: 'Illustration of a design desk seen from above with a floor plan, material samples and paint chips',
      },
      {
        image: 'design-build',
        alt: 'Illustration of a house at dusk with a new modern addition and a glowing glass wall',
      },
      {
        image: 'gallery-hero',
        alt: 'Illustration of a dining room with a walnut trestle table, upholstered chairs and black pendant lights',
      },
      {
        image: 'kitchen',
        alt: 'Illustration of a white kitchen with glass-front cabinets, a marble backsplash and a blue-grey island',
      },
    ],
  },

  'general-contractor': {
    title: serviceCatalog['general-contractor'].title,
    ...serviceCards['general-contractor'],
    subtitle: 'One licensed, insured team to run your whole renovation',
    seo: {
      title: 'General Contractor in Richmond Hill & the GTA',
      description:
        'Whole-home, main-floor and basement renovations planned and built by our own crew. Licensed, bonded and insured, with transparent estimates and no hidden fees.',
    },
    description: [
      'When a renovation touches more than one room, someone has to hold it all together. As your general contractor, Maple Hearth Renovations plans the work, schedules every stage, arranges permits and inspections, and builds it with our own crew.',
      'Because we do not rely on subcontractors, the people framing your walls, running plumbing and finishing drywall all work for us. That means one schedule, one standard of workmanship and one person to call with questions.',
      'We are licensed, bonded and insured, and our estimates are transparent with no hidden fees. Every project is backed by our 2-year workmanship warranty.',
    ],
    galleryCategory: 'kitchen',
    features: [
      'Whole-home and main-floor renovations',
      'Basement finishing',
      'Wall removal and layout changes',
      'Framing, drywall, flooring and trim',
      'Plumbing and electrical work within one schedule',
      'Permit applications and inspections',
      'Daily clean-up and dust control',
    ],
    benefits: [
      'One point of contact for the whole project',
      'A single schedule, with no waiting on outside trades',
      'Consistent workmanship from our own crew',
      'Clear estimates with no hidden fees',
      'Licensed, bonded and insured, with a 2-year workmanship warranty',
    ],
    process: [
      {
        title: 'Consultation',
        description:
          'A free visit to walk the house with you, understand the scope and talk through priorities and budget.',
      },
      {
        title: 'Scope & Estimate',
        description:
          'We define the work room by room and give you a transparent estimate with no hidden fees.',
      },
      {
        title: 'Permits & Scheduling',
        description:
          'We apply for the permits the work needs and plan every stage, from demolition to finishing, on one schedule.',
      },
      {
        title: 'Construction',
        description:
          'Our own crew carries out the work, keeps the site clean and safe, and keeps you updated as each stage is completed.',
      },
      {
        title: 'Inspection & Handover',
        description:
          'We complete the final inspections, walk through the finished work with you and hand over your 2-year workmanship warranty.',
      },
    ],
    faqs: [
      {
        question: 'Do you handle building permits?',
        answer:
          'Yes. We tell you at the estimate stage whether your project needs a permit, then prepare the application and book the inspections as part of the work.',
      },
      {
        question: 'Who will be working in our home?',
        answer:
          'Our own crew. We do not use subcontractors, so everyone on site works for Maple Hearth Renovations and answers to the same project lead.',
      },
      {
        question: 'Can we live at home during a larger renovation?',
        answer:
          'Most clients do. We seal off the work areas, control dust and clean up every day, and we plan the stages so you always have a working kitchen or bathroom wherever possible.',
      },
    ],
    fallbackGallery: [
      {
        image: 'general-contractor',
        alt: 'Illustration of a home addition under construction with timber framing, scaffolding and a crew',
      },
      {
        image: 'design-build',
        alt: 'Illustration of a house at dusk with a new modern addition and a glowing glass wall',
      },
      {
        image: 'home-improvement',
        alt: 'Illustration of a family room with a built-in media wall, fireplace and shelving',
      },
      {
        image: 'kitchen',
        alt: 'Illustration of a white kitchen with glass-front cabinets, a marble backsplash and a blue-grey island',
      },
      {
        image: 'bathroom',
        alt: 'Illustration of a bathroom with a floating oak double vanity, a glass shower and a freestanding tub',
      },
    ],
  },

  'cabinet-carpentry': {
    title: serviceCatalog['cabinet-carpentry'].title,
    ...serviceCards['cabinet-carpentry'],
    subtitle: 'Cabinets built, installed and refinished to fit your space',
    seo: {
      title: 'Cabinet Carpentry in Richmond Hill & the GTA',
      description:
        'Custom kitchen, bathroom and built-in cabinets, plus refacing and refinishing, fitted by our own carpenters. Free consultation and transparent estimates.',
    },
    description: [
      'Cabinets set the look of a kitchen or bathroom and decide how well it works. We build and install custom cabinetry for kitchens, bathrooms, laundry rooms, mudrooms and home offices, sized to your space rather than to a standard catalogue.',
      'If your cabinet boxes are solid, you may not need new ones. We can reface or refinish existing cabinets, replace doors and hardware, and add pull-out pantries, drawer organizers and soft-close hinges.',
      'Whichever route you choose, you get a transparent estimate with no hidden fees, installation by our own carpenters and our 2-year workmanship warranty.',
    ],
    galleryCategory: 'carpentry',
    features: [
      'Custom kitchen and bathroom cabinets',
      'Laundry room, mudroom and home office cabinetry',
      'Cabinet refacing and refinishing',
      'Replacement doors, drawer fronts and hardware',
      'Pull-outs, drawer organizers and soft-close hardware',
      'Crown moulding, light valances and filler panels fitted on site',
    ],
    benefits: [
      'Storage built around what you actually keep',
      'Cabinets that fit awkward corners and older homes',
      'Refacing can refresh sound cabinets for less than replacing them',
      'Durable finishes that stand up to daily use',
      'A 2-year workmanship warranty on our installation',
    ],
    process: [
      {
        title: 'Consultation & Measuring',
        description:
          'We look at your space and what you need to store, check the condition of any existing cabinets and measure precisely.',
      },
      {
        title: 'Design & Finishes',
        description:
          'We lay out the cabinets and help you choose door styles, finishes and hardware.',
      },
      {
        title: 'Estimate & Scheduling',
        description:
          'You receive a transparent estimate with no hidden fees and an installation date that suits you.',
      },
      {
        title: 'Building & Installation',
        description:
          'Our carpenters build and install the cabinets, levelling and scribing each one to your walls and floors.',
      },
      {
        title: 'Final Adjustments',
        description:
          'We adjust every door and drawer, walk through the work with you and hand over your 2-year workmanship warranty.',
      },
    ],
    faqs: [
      {
        question: 'Should we reface or replace our cabinets?',
        answer:
          'If the boxes are solid and the layout works, refacing or refinishing gives you a fresh look for less. If the boxes are damaged or the layout needs to change, new cabinets are the better investment. We will tell you honestly which applies.',
      },
      {
        question: 'Can you build cabinets for rooms other than the kitchen?',
        answer:
          'Yes. We build vanities, laundry room and mudroom storage, home office cabinetry and built-ins for any room.',
      },
      {
        question: 'How long does cabinet installation take?',
        answer:
          'It depends on the number of cabinets and whether they are new, refaced or refinished. Your estimate includes a timeline, and we keep the time your kitchen is out of use as short as we can.',
      },
    ],
    fallbackGallery: [
      {
        image: 'cabinet',
        alt: 'Illustration of custom kitchen cabinetry with shaker doors, brass pulls and a tall pantry wall',
      },
      {
        image: 'kitchen',
        alt: 'Illustration of a white kitchen with glass-front cabinets, a marble backsplash and a blue-grey island',
      },
      {
        image: 'faq-hero',
        alt: 'Illustration of a walk-in closet with painted built-in cabinetry and a centre island',
      },
      {
        image: 'privacy-hero',
        alt: 'Illustration of a home office with navy built-in shelving and a desk under a window',
      },
    ],
  },

  'laser-cutting-art': {
    title: serviceCatalog['laser-cutting-art'].title,
    ...serviceCards['laser-cutting-art'],
    subtitle: 'Precise laser-cut art, signs and details in wood, acrylic and more',
    seo: {
      title: 'Laser Cutting Art in Richmond Hill',
      description:
        'Custom laser-cut art, signs and decor in wood, acrylic, leather, fabric and paper. Simple jobs in 1-2 days, complex pieces in 1-2 weeks.',
    },
    description: [
      'Laser cutting art is the newest service at Maple Hearth Renovations. With a precision laser, we cut and engrave detailed designs that would be slow or impossible to make by hand, from house signs and wall art to decorative screens, inlays and personalized gifts.',
      'We work with non-metal materials: wood, acrylic, leather, fabric and paper. That makes laser work a natural partner for our carpentry, whether it is a patterned panel for a cabinet door, a decorative room screen or a sign for your business.',
      'Simple jobs are usually ready in 1-2 days, while complex or large pieces take 1-2 weeks. Bring us a sketch, a photo or just an idea, and we will help you turn it into a design ready to cut, with a clear quote before we begin.',
    ],
    galleryCategory: 'carpentry',
    features: [
      'Cutting and engraving in wood, acrylic, leather, fabric and paper',
      'Custom wall art, house numbers and signs',
      'Decorative screens, panels and cabinet door inserts',
      'Personalized gifts, keepsakes and event decor',
      'Business signage and branded displays',
      'Help turning a sketch or photo into a design ready to cut',
    ],
    benefits: [
      'Fine detail and clean edges that are hard to achieve by hand',
      'One-of-a-kind pieces or small batches made to your exact size',
      'Quick turnaround: 1-2 days for simple jobs',
      'Laser-cut details that tie in with our cabinetry and carpentry',
      'A clear quote before any cutting begins',
    ],
    process: [
      {
        title: 'Share Your Idea',
        description:
          'Tell us what you have in mind and send a sketch, photo or file if you have one, along with the size and material you are considering.',
      },
      {
        title: 'Design & Proof',
        description:
          'We prepare the design for cutting and send you a proof to approve, with a clear quote and turnaround time.',
      },
      {
        title: 'Material Selection',
        description:
          'You choose from wood, acrylic, leather, fabric or paper, and we help you pick a thickness and finish that suits the piece.',
      },
      {
        title: 'Cutting & Engraving',
        description:
          'We cut and engrave the piece, usually within 1-2 days for simple jobs and 1-2 weeks for complex ones.',
      },
      {
        title: 'Finishing & Pickup',
        description:
          'We clean and finish each piece, then have it ready for pickup or install it as part of your renovation.',
      },
    ],
    faqs: [
      {
        question: 'What materials can you laser cut?',
        answer: 'We cut and engrave wood, acrylic, leather, fabric and paper. We do not cut metal.',
      },
      {
        question: 'How long does a laser cutting job take?',
        answer:
          'Simple jobs are usually ready in 1-2 days. Complex or large pieces take 1-2 weeks, and we confirm the timing when we send your proof.',
      },
      {
        question: 'Can you work from my own design?',
        answer:
          'Yes. Send us a vector file, a drawing or a photo, and we will prepare it for cutting and show you a proof before we start.',
      },
      {
        question: 'Can laser-cut pieces be built into a renovation?',
        answer:
          'Yes. Laser-cut panels work well as cabinet door inserts, room screens, stair details and feature walls, and our carpenters install them as part of the project, covered by our 2-year workmanship warranty.',
      },
    ],
    fallbackGallery: [
      {
        image: 'laser-art',
        alt: 'Illustration of a backlit laser-cut wooden wall panel with an intricate mandala pattern',
      },
      {
        image: 'carpentry',
        alt: 'Illustration of a woodworking shop with a workbench, a tool wall and a lumber rack',
      },
      { image: 'team', alt: 'Illustration of a renovation crew at work in a carpentry workshop' },
    ],
  },
}

export const getService = (id: ServiceId): ServiceContent => services[id]
