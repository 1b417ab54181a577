import { A11y, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { heroSlides } from '../hero-slides.ts';
import { heroFrameClass, HeroSlide } from './hero-slide.tsx';
import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/navigation';
import 'swiper/css/pagination';

/**
 * The hero carousel (loaded lazily: Swiper is the largest library on the home page). Its arrows
 * and bullets are named buttons a keyboard reaches (Swiper's a11y module; bullets are <button>s).
 */
export default function HeroCarousel({ productsPath }: { productsPath: string }) {
  return (
    <Swiper
      modules={[Navigation, Pagination, A11y]}
      spaceBetween={30}
      navigation
      pagination={{ clickable: true, bulletElement: 'button' }}
      className={heroFrameClass}
    >
      {heroSlides.map((slide) => (
        <SwiperSlide key={slide.title}>
          <HeroSlide slide={slide} productsPath={productsPath} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
