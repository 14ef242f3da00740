import type { SportCatalog } from '@wellbe/shared/schemas/sport';

// The sport catalogs' starting entries (reference data, every database): a stable code (the
// free-exercise-db value where the data set has one), labels in fr/en/tr/ar, and for body parts
// their region. Administrators add, rename, reorder and deactivate entries afterwards.

export interface CatalogSeed {
  code: string;
  labels: { fr: string; en: string; tr: string; ar: string };
  region?: string;
}

const e = (code: string, fr: string, en: string, tr: string, ar: string, region?: string): CatalogSeed => ({ code, labels: { fr, en, tr, ar }, ...(region ? { region } : {}) });

export const CATALOG_SEEDS: Record<SportCatalog, CatalogSeed[]> = {
  bodyparts: [
    e('neck', 'Cou', 'Neck', 'Boyun', 'الرقبة', 'Haut du corps'),
    e('traps', 'Trapèzes', 'Traps', 'Trapez', 'عضلات شبه المنحرفة', 'Haut du corps'),
    e('shoulders', 'Épaules', 'Shoulders', 'Omuzlar', 'الكتفان', 'Haut du corps'),
    e('chest', 'Pectoraux', 'Chest', 'Göğüs', 'الصدر', 'Haut du corps'),
    e('biceps', 'Biceps', 'Biceps', 'Pazı', 'العضلة ذات الرأسين', 'Haut du corps'),
    e('triceps', 'Triceps', 'Triceps', 'Arka kol', 'العضلة ثلاثية الرؤوس', 'Haut du corps'),
    e('forearms', 'Avant-bras', 'Forearms', 'Ön kollar', 'الساعدان', 'Haut du corps'),
    e('lats', 'Grands dorsaux', 'Lats', 'Kanat kasları', 'العضلات الظهرية العريضة', 'Tronc'),
    e('middle back', 'Milieu du dos', 'Middle back', 'Sırt ortası', 'منتصف الظهر', 'Tronc'),
    e('lower back', 'Bas du dos (lombaires)', 'Lower back', 'Bel', 'أسفل الظهر', 'Tronc'),
    e('abdominals', 'Abdominaux', 'Abdominals', 'Karın kasları', 'عضلات البطن', 'Tronc'),
    e('glutes', 'Fessiers', 'Glutes', 'Kalça kasları', 'عضلات الألوية', 'Bas du corps'),
    e('abductors', 'Abducteurs', 'Abductors', 'Abduktörler', 'العضلات المبعدة', 'Bas du corps'),
    e('adductors', 'Adducteurs', 'Adductors', 'Adduktörler', 'العضلات المقربة', 'Bas du corps'),
    e('quadriceps', 'Quadriceps', 'Quadriceps', 'Ön bacak (kuadriseps)', 'العضلة رباعية الرؤوس', 'Bas du corps'),
    e('hamstrings', 'Ischio-jambiers', 'Hamstrings', 'Arka bacak', 'أوتار الركبة', 'Bas du corps'),
    e('calves', 'Mollets', 'Calves', 'Baldırlar', 'عضلات الساق', 'Bas du corps'),
  ],
  categories: [
    e('strength', 'Musculation', 'Strength', 'Kuvvet', 'تقوية العضلات'),
    e('stretching', 'Étirements', 'Stretching', 'Esneme', 'تمارين الإطالة'),
    e('plyometrics', 'Pliométrie', 'Plyometrics', 'Pliometrik', 'تمارين البليومترك'),
    e('cardio', 'Cardio', 'Cardio', 'Kardiyo', 'تمارين القلب'),
    e('powerlifting', 'Force athlétique', 'Powerlifting', 'Powerlifting', 'رفع القوة'),
    e('olympic weightlifting', 'Haltérophilie', 'Olympic weightlifting', 'Olimpik halter', 'رفع الأثقال الأولمبي'),
    e('strongman', 'Strongman', 'Strongman', 'Strongman', 'الرجل القوي'),
  ],
  equipments: [
    e('body only', 'Poids du corps', 'Body only', 'Vücut ağırlığı', 'وزن الجسم'),
    e('dumbbell', 'Haltères', 'Dumbbell', 'Dambıl', 'الدمبل'),
    e('barbell', 'Barre', 'Barbell', 'Halter', 'البار'),
    e('kettlebells', 'Kettlebell', 'Kettlebells', 'Kettlebell', 'الكيتلبل'),
    e('bands', 'Élastiques', 'Bands', 'Direnç bantları', 'الأشرطة المطاطية'),
    e('cable', 'Poulie', 'Cable', 'Kablo', 'الكابل'),
    e('machine', 'Machine', 'Machine', 'Makine', 'الآلة'),
    e('medicine ball', 'Médecine-ball', 'Medicine ball', 'Sağlık topu', 'الكرة الطبية'),
    e('exercise ball', 'Ballon de gym', 'Exercise ball', 'Pilates topu', 'كرة التمارين'),
    e('foam roll', 'Rouleau de massage', 'Foam roll', 'Köpük rulo', 'أسطوانة التدليك'),
    e('e-z curl bar', 'Barre EZ', 'E-Z curl bar', 'EZ bar', 'بار EZ'),
    e('other', 'Autre', 'Other', 'Diğer', 'أخرى'),
    e('none', 'Aucun', 'None', 'Yok', 'بدون'),
  ],
  levels: [
    e('beginner', 'Débutant', 'Beginner', 'Başlangıç', 'مبتدئ'),
    e('intermediate', 'Intermédiaire', 'Intermediate', 'Orta', 'متوسط'),
    e('expert', 'Expert', 'Expert', 'İleri', 'خبير'),
  ],
  objectifs: [
    e('mobility', 'Mobilité', 'Mobility', 'Hareketlilik', 'الحركية'),
    e('strengthening', 'Renforcement', 'Strengthening', 'Güçlendirme', 'التقوية'),
    e('weight-loss', 'Perte de poids', 'Weight loss', 'Kilo verme', 'إنقاص الوزن'),
    e('endurance', 'Endurance', 'Endurance', 'Dayanıklılık', 'التحمل'),
    e('post-op-rehab', 'Rééducation post-opératoire', 'Post-operative rehabilitation', 'Ameliyat sonrası rehabilitasyon', 'إعادة التأهيل بعد الجراحة'),
    e('fall-prevention', 'Prévention des chutes', 'Fall prevention', 'Düşme önleme', 'الوقاية من السقوط'),
    e('back-pain', 'Mal de dos', 'Back pain', 'Bel ağrısı', 'آلام الظهر'),
    e('flexibility', 'Souplesse', 'Flexibility', 'Esneklik', 'المرونة'),
  ],
  typeofprograms: [
    e('rehabilitation', 'Rééducation', 'Rehabilitation', 'Rehabilitasyon', 'إعادة التأهيل'),
    e('training', 'Entraînement', 'Training', 'Antrenman', 'التدريب'),
    e('prevention', 'Prévention', 'Prevention', 'Önleme', 'الوقاية'),
    e('maintenance', 'Entretien', 'Maintenance', 'Form koruma', 'المحافظة على اللياقة'),
  ],
  gender: [
    e('all', 'Tous', 'Everyone', 'Herkes', 'الجميع'),
    e('women', 'Femmes', 'Women', 'Kadınlar', 'النساء'),
    e('men', 'Hommes', 'Men', 'Erkekler', 'الرجال'),
  ],
};
